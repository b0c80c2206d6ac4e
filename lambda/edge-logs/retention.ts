import type { Log } from '../shared/log';

/**
 * Lambda@Edge writes each edge location's logs in the region nearest it, to a log group it
 * creates there (`/aws/lambda/us-east-1.{function}`) with no retention, to be kept forever;
 * no stack in us-east-1 can create those groups beforehand. This gives each such group,
 * in every region the account has enabled, the retention the stack's own logs have. A
 * region where the function never ran has no group: nothing to do there.
 */
export interface EdgeLogPorts {
  /** The regions the account has enabled. */
  regions(): Promise<string[]>;
  /** Sets a group's retention in one region: `set`, or `absent` when the group is not there. */
  setRetention(region: string, logGroupName: string, days: number): Promise<'set' | 'absent'>;
}

export interface EdgeLogReport {
  regions: number;
  /** The regions whose group now has the retention. */
  set: string[];
  failed: string[];
}

export const createEdgeLogRetention =
  (deps: { ports: EdgeLogPorts; logGroupName: string; days: number; log: Log }) => async (): Promise<EdgeLogReport> => {
    const regions = await deps.ports.regions();
    const report: EdgeLogReport = { regions: regions.length, set: [], failed: [] };
    for (const region of regions) {
      try {
        if ((await deps.ports.setRetention(region, deps.logGroupName, deps.days)) === 'set') report.set.push(region);
      } catch (error) {
        report.failed.push(region);
        deps.log.error('edge log retention not set', { region, errorName: error instanceof Error ? error.name : typeof error });
      }
    }
    deps.log.info('edge log retention', { regions: report.regions, set: report.set.join(','), failed: report.failed.join(',') });
    // A region left without its retention fails the run: the function's fault alarm says so, and the next run tries again.
    if (report.failed.length > 0) throw new Error(`edge log retention not set in ${report.failed.join(', ')}`);
    return report;
  };
