import { createCatalogueHandler } from './handler';

export const handler = createCatalogueHandler(process.env);
