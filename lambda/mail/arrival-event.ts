import { z } from 'zod';
import { fileArrivalRequestSchema } from '../../contract/api';
import { STATEMENT_ID_PATTERN, SUB_PATTERN } from '../../contract/keys';

/**
 * The statements API's request to the mail function to file a waiting file (arrival-filing.ts),
 * parsed at the handler's edge: the owner from the caller's token, the file, what they chose.
 */
export const fileArrivalEventSchema = z
  .object({
    fileArrival: fileArrivalRequestSchema.extend({
      owner: z.string().regex(SUB_PATTERN),
      statementId: z.string().regex(STATEMENT_ID_PATTERN),
    }),
  })
  .strict();

export type FileArrivalEvent = z.infer<typeof fileArrivalEventSchema>;
