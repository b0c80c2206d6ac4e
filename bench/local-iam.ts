/**
 * `npm run bench`, local IAM: what checking a call against the template's policies costs
 * the local stack. Baseline: the same check answered from the decision cache (a repeated
 * call), measured in the same run.
 */
import { statementKey } from '../contract';
import { buildAccessModel } from '../local/iam/access-model';
import { createAuthorizer } from '../local/iam/authorizer';

const OWNER = '11111111-1111-4111-8111-111111111111';

const main = async () => {
  const started = process.hrtime.bigint();
  const model = buildAccessModel({ bucketName: 'bench-bucket', tableName: 'bench-table' });
  const synthMs = Number(process.hrtime.bigint() - started) / 1e6;
  const authorizer = createAuthorizer(model);
  const principal = model.principals.statementsApi;
  const request = (n: number) => ({
    action: 's3:PutObject',
    resource: `arn:aws:s3:::bench-bucket/${statementKey(OWNER, String(n).padStart(26, '0'))}`,
  });

  const time = async (count: number, make: (n: number) => ReturnType<typeof request>) => {
    const start = process.hrtime.bigint();
    for (let n = 0; n < count; n++) await authorizer.authorize(principal, make(n));
    return Number(process.hrtime.bigint() - start) / 1e6 / count;
  };
  await time(50, (n) => request(1_000_000 + n));
  const fresh = await time(500, (n) => request(n));
  const cached = await time(5000, () => request(0));
  console.log('Local IAM (policies from the synthesized template, evaluated with @cloud-copilot/iam-simulate)');
  console.log(`  reading the policies: ${synthMs.toFixed(0)} ms (in-process synth, no bundling; once per start)`);
  console.log(`  a new decision: ${fresh.toFixed(3)} ms vs a cached one ${cached.toFixed(4)} ms (${(fresh / cached).toFixed(0)}x)`);
};

void main();
