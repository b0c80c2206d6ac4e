/**
 * `npm run mail:replay -- [--stage dev|prod] [--outputs cdk-outputs.<stage>.json] [--dry-run]`:
 * runs the mail function again on every invocation it failed on after Lambda's two retries
 * (its failure queue): SES's event for a received message, whose stored message the bucket
 * keeps as long as the queue keeps the failure, or the statements API's request to file a
 * waiting file. A mail read again files nothing twice (lambda/mail/file-port.ts).
 */
import { OPERATIONS_OUTPUTS } from '../lib/outputs';
import { isMailFunctionEvent } from './operations/replay';
import { runReplayCommand } from './operations/replay-command';

runReplayCommand({
  name: 'mail:replay',
  queueOutput: OPERATIONS_OUTPUTS.mailFailureQueueUrl,
  functionOutput: OPERATIONS_OUTPUTS.mailFunctionName,
  accepts: isMailFunctionEvent,
  // Longer than the mail function's two minutes.
  visibilitySeconds: 180,
});
