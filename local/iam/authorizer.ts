import { runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import type { AccessModel, LocalPrincipal, PolicyDocument } from './access-model';

/** One AWS call, as IAM sees it. */
export interface AccessRequest {
  action: string;
  /** The ARN the action is on. */
  resource: string;
  /** Condition keys the service puts in the request context (e.g. `s3:prefix`). */
  context?: Record<string, string | string[]>;
}

export type AccessDecision = { allowed: true } | { allowed: false; message: string };

/** The services' own sentence for a refusal, which names the principal, action and resource. */
const denialMessage = (principal: LocalPrincipal, request: AccessRequest, explicit: boolean, quoteResource: boolean): string =>
  `User: ${principal.sessionArn} is not authorized to perform: ${request.action} on resource: ${
    quoteResource ? `"${request.resource}"` : request.resource
  } ${explicit ? 'with an explicit deny in a resource-based policy' : `because no identity-based policy allows the ${request.action} action`}`;

/**
 * Evaluates AWS calls against the policies the CDK app synthesizes, with the
 * `@cloud-copilot/iam-simulate` engine (identity policies, the bucket's resource policy,
 * explicit denies, conditions). Every request the local stack serves is treated as
 * arriving over TLS (`aws:SecureTransport`), as every call to AWS does; the loopback
 * hop is the local stand-in for it.
 */
export const createAuthorizer = (model: AccessModel) => {
  const cache = new Map<string, AccessDecision>();

  const evaluate = async (principal: LocalPrincipal, request: AccessRequest): Promise<AccessDecision> => {
    const isS3 = request.action.startsWith('s3:');
    const resourcePolicy: PolicyDocument | undefined = isS3 ? model.bucketPolicy : undefined;
    const simulation: Simulation = {
      identityPolicies: principal.policies.map(({ name, policy }) => ({ name, policy: policy as never })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(resourcePolicy ? { resourcePolicy: resourcePolicy as never } : {}),
      ...(principal.sessionPolicy ? { sessionPolicy: principal.sessionPolicy as never } : {}),
      request: {
        action: request.action,
        principal: principal.roleArn,
        resource: { accountId: model.accountId, resource: request.resource },
        // The role is the principal AWS reports (`aws:PrincipalArn`), which resource policies may name.
        contextVariables: { 'aws:SecureTransport': 'true', 'aws:PrincipalArn': principal.roleArn, ...request.context },
      },
    };
    const result = await runSimulation(simulation, {});
    if (result.resultType === 'error') {
      // A request this stack maps wrongly: refuse it, loudly, rather than guess.
      return { allowed: false, message: `local IAM check could not evaluate ${request.action}: ${JSON.stringify(result.errors)}` };
    }
    if (result.overallResult === 'Allowed') return { allowed: true };
    return {
      allowed: false,
      message: denialMessage(principal, request, result.overallResult === 'ExplicitlyDenied', isS3),
    };
  };

  return {
    async authorize(principal: LocalPrincipal, request: AccessRequest): Promise<AccessDecision> {
      // By session: sessions of one role differ by their session policies.
      const key = JSON.stringify([principal.sessionArn, request.action, request.resource, request.context ?? {}]);
      const cached = cache.get(key);
      if (cached) return cached;
      const decision = await evaluate(principal, request);
      if (cache.size > 10_000) cache.clear();
      cache.set(key, decision);
      return decision;
    },
  };
};

export type Authorizer = ReturnType<typeof createAuthorizer>;
