import { createProfileImageHandler } from './handler';

export const handler = createProfileImageHandler(process.env);
