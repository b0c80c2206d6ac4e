import { createApiKeyRenewalHandler } from './handler';

/** The API key renewal: moves the web app's AppSync key's expiry a year ahead, on a schedule. */
export const handler = createApiKeyRenewalHandler(process.env);
