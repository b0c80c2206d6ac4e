import { LAMBDA_ENV } from '../../contract';
import { createEdgeLogRetentionHandler } from '../../lambda/edge-logs/handler';
import { createEdgeLogRetention, type EdgeLogPorts } from '../../lambda/edge-logs/retention';
import { capturingLog } from '../support/lambda-fakes';

/**
 * Lambda@Edge's log groups, one per region where the function ran, each given the stack's
 * retention by a daily run: regions without a group are left alone, and a region that
 * refuses fails the run after every other region had its turn.
 */
const GROUP = '/aws/lambda/us-east-1.StatementVault-prod-WebPayloadHash';

const ports = (groups: Record<string, number | undefined>, refusing: string[] = []) => {
  const set: string[] = [];
  const port: EdgeLogPorts = {
    regions: async () => Object.keys(groups),
    async setRetention(region, name, days) {
      if (refusing.includes(region)) throw Object.assign(new Error('no'), { name: 'AccessDeniedException' });
      expect(name).toBe(GROUP);
      if (!(region in groups) || groups[region] === undefined) return 'absent';
      groups[region] = days;
      set.push(region);
      return 'set';
    },
  };
  return { port, groups, set };
};

test('every region whose group exists gets the retention; the others are left alone', async () => {
  const { port, groups } = ports({ 'us-east-1': 0, 'eu-west-1': 0, 'ap-south-1': undefined });
  const report = await createEdgeLogRetention({ ports: port, logGroupName: GROUP, days: 365, log: capturingLog() })();
  expect(report).toEqual({ regions: 3, set: ['us-east-1', 'eu-west-1'], failed: [] });
  expect(groups).toEqual({ 'us-east-1': 365, 'eu-west-1': 365, 'ap-south-1': undefined });
});

test('a region that refuses fails the run, once the others are done, naming it', async () => {
  const log = capturingLog();
  const { port, groups } = ports({ 'us-east-1': 0, 'eu-central-1': 0, 'us-west-2': 0 }, ['eu-central-1']);
  await expect(createEdgeLogRetention({ ports: port, logGroupName: GROUP, days: 30, log })()).rejects.toThrow(
    'edge log retention not set in eu-central-1',
  );
  expect(groups).toEqual({ 'us-east-1': 30, 'eu-central-1': 0, 'us-west-2': 30 });
  expect(log.lines).toContainEqual(
    expect.objectContaining({ level: 'error', fields: { region: 'eu-central-1', errorName: 'AccessDeniedException' } }),
  );
});

test('the handler takes the group and the days from its environment, and refuses to start without them', () => {
  const { port } = ports({});
  expect(() => createEdgeLogRetentionHandler({}, port)).toThrow(`environment variable ${LAMBDA_ENV.edgeLogGroupName} is not set`);
  expect(() =>
    createEdgeLogRetentionHandler({ [LAMBDA_ENV.edgeLogGroupName]: GROUP, [LAMBDA_ENV.edgeLogRetentionDays]: 'a year' }, port),
  ).toThrow('is not a number of days');
  expect(
    typeof createEdgeLogRetentionHandler({ [LAMBDA_ENV.edgeLogGroupName]: GROUP, [LAMBDA_ENV.edgeLogRetentionDays]: '365' }, port),
  ).toBe('function');
});
