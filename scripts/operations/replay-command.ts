/**
 * A replay command's run (`npm run catalogue:replay`, `npm run mail:replay`):
 * `-- [--stage dev|prod] [--outputs cdk-outputs.<stage>.json] [--dry-run]`. Reads the
 * function's failure queue and name from the deploy's outputs file, runs the function
 * again on each event it failed on, and deletes each message once its event went through.
 * Needs AWS credentials for the account the stage is deployed in.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { REGION } from '../../contract';
import { STAGES, outputsFileName, vaultStackName, type Stage } from '../../lib/outputs';
import { replayFailures, type EventCheck } from './replay';

export interface ReplayCommand {
  /** Its npm script's name, as its lines begin. */
  readonly name: string;
  /** The stack outputs that name the failure queue's URL and the function. */
  readonly queueOutput: string;
  readonly functionOutput: string;
  /** Which failure records hold an event of the function's. @default those with `Records` */
  readonly accepts?: EventCheck;
  /** How long a message stays hidden from other readers while its event runs again: longer than the function's timeout. */
  readonly visibilitySeconds: number;
}

export const runReplayCommand = (command: ReplayCommand): void => {
  const main = async () => {
    const { values } = parseArgs({
      options: {
        stage: { type: 'string', default: 'dev' },
        outputs: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
    });
    if (!(STAGES as readonly string[]).includes(values.stage!)) throw new Error(`--stage must be one of ${STAGES.join(', ')}`);
    const outputsFile = values.outputs ?? outputsFileName(values.stage as Stage);
    if (!fs.existsSync(outputsFile))
      throw new Error(`${outputsFile} does not exist; \`npm run deploy -- --stage ${values.stage}\` writes it`);
    const stackName = vaultStackName(values.stage as Stage);
    const outputs = (JSON.parse(fs.readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string>>)[stackName];
    const queueUrl = outputs?.[command.queueOutput];
    const functionName = outputs?.[command.functionOutput];
    if (!queueUrl || !functionName)
      throw new Error(
        `${outputsFile} has no ${command.queueOutput} or ${command.functionOutput} for ${stackName}; redeploy with the current CDK app`,
      );

    const sqs = new SQSClient({ region: REGION });
    const lambda = new LambdaClient({ region: REGION });
    const report = await replayFailures(
      {
        async receive() {
          const answer = await sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: queueUrl,
              MaxNumberOfMessages: 10,
              WaitTimeSeconds: 1,
              VisibilityTimeout: command.visibilitySeconds,
            }),
          );
          return (answer.Messages ?? []).map((message) => ({
            id: message.MessageId!,
            receipt: message.ReceiptHandle!,
            body: message.Body ?? '',
          }));
        },
        async invoke(event) {
          const answer = await lambda.send(new InvokeCommand({ FunctionName: functionName, Payload: Buffer.from(JSON.stringify(event)) }));
          return answer.FunctionError
            ? {
                error: `${answer.FunctionError}: ${Buffer.from(answer.Payload ?? [])
                  .toString('utf8')
                  .slice(0, 300)}`,
              }
            : {};
        },
        async remove(message) {
          await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.receipt }));
        },
      },
      { dryRun: values['dry-run'], ...(command.accepts ? { accepts: command.accepts } : {}) },
    );
    console.log(
      `${command.name} (${stackName}): ${values['dry-run'] ? 'dry run, nothing invoked' : `${report.replayed} event(s) replayed`}`,
    );
    for (const failure of report.failedAgain) console.log(`  failed again, kept in the queue: ${failure.id}: ${failure.error}`);
    for (const id of report.unreadable) console.log(`  not a failure record, left in the queue: ${id}`);
    if (report.failedAgain.length > 0) process.exitCode = 1;
  };
  main().catch((error: Error) => {
    console.error(`${command.name}: ${error.message}`);
    process.exit(1);
  });
};
