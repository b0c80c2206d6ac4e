/**
 * What `cdk destroy` leaves behind, read from the synthesized template: every resource
 * whose deletion policy is Retain, grouped into what a person recognises, with why it is
 * kept. The destroy command prints this list, so it is never out of step with the app.
 */
export interface KeptResource {
  logicalId: string;
  type: string;
  what: string;
  why: string;
}

const WHY: Record<string, { what: string; why: string }> = {
  'AWS::Cognito::UserPool': {
    what: 'the user pool (accounts)',
    why: "people's accounts cannot be recreated; delete it by hand (turn off deletion protection first) when you mean to",
  },
  'AWS::DynamoDB::Table': {
    what: 'the table (profiles and statement records)',
    why: "people's records; point-in-time recovery and deletion protection stay with it",
  },
  'AWS::S3::Bucket': {
    what: "a bucket (statement files and avatars, their access logs, or the web app's access logs)",
    why: 'files and every old version stay until you empty and delete the bucket',
  },
  'AWS::Logs::LogGroup': { what: 'a log group', why: 'logs stay for their retention period (one year) for audits and incidents' },
};

export const keptOnDestroy = (template: { [key: string]: unknown }): KeptResource[] =>
  Object.entries((template.Resources ?? {}) as Record<string, { Type: string; DeletionPolicy?: string }>)
    .filter(([, resource]) => resource.DeletionPolicy === 'Retain')
    .map(([logicalId, resource]) => ({
      logicalId,
      type: resource.Type,
      ...(WHY[resource.Type] ?? { what: resource.Type, why: 'its deletion policy is Retain' }),
    }))
    .sort((a, b) => a.type.localeCompare(b.type) || a.logicalId.localeCompare(b.logicalId));
