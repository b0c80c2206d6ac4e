/**
 * `npm run catalogue:replay -- [--stage dev|prod] [--outputs cdk-outputs.<stage>.json] [--dry-run]`:
 * runs the catalogue again on every S3 event it failed on (the failure queue), deleting
 * each message once its event went through (scripts/operations/replay-command.ts).
 */
import { OPERATIONS_OUTPUTS } from '../lib/outputs';
import { runReplayCommand } from './operations/replay-command';

runReplayCommand({
  name: 'catalogue:replay',
  queueOutput: OPERATIONS_OUTPUTS.catalogueFailureQueueUrl,
  functionOutput: OPERATIONS_OUTPUTS.catalogueFunctionName,
  visibilitySeconds: 120,
});
