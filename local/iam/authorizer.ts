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

/** Whose policies a call is evaluated against, and which resource policy (if any) the resource has. */
export interface PolicyHolder {
  accountId: string;
  /** The role, as `aws:PrincipalArn` names it. */
  principalArn: string;
  policies: { name: string; policy: PolicyDocument }[];
  resourcePolicy?: PolicyDocument;
  sessionPolicy?: PolicyDocument;
}

export type PolicyVerdict = 'Allowed' | 'ImplicitlyDenied' | 'ExplicitlyDenied' | { error: string };

/**
 * One call against a principal's policies (identity policies, a resource policy, a session
 * policy, conditions), with the `@cloud-copilot/iam-simulate` engine, over TLS as every
 * call to AWS is. The local stack's authorizer asks it for every request it serves; the
 * deploy scripts' tests ask it for every call the scripts make.
 */
export const evaluatePolicies = async (holder: PolicyHolder, request: AccessRequest): Promise<PolicyVerdict> => {
  const simulation: Simulation = {
    identityPolicies: holder.policies.map(({ name, policy }) => ({ name, policy: policy as never })),
    serviceControlPolicies: [],
    resourceControlPolicies: [],
    ...(holder.resourcePolicy ? { resourcePolicy: holder.resourcePolicy as never } : {}),
    ...(holder.sessionPolicy ? { sessionPolicy: holder.sessionPolicy as never } : {}),
    request: {
      action: request.action,
      principal: holder.principalArn,
      resource: { accountId: holder.accountId, resource: request.resource },
      // The role is the principal AWS reports (`aws:PrincipalArn`), which resource policies may name.
      contextVariables: { 'aws:SecureTransport': 'true', 'aws:PrincipalArn': holder.principalArn, ...request.context },
    },
  };
  const result = await runSimulation(simulation, {});
  if (result.resultType === 'error') return { error: JSON.stringify(result.errors) };
  return result.overallResult as 'Allowed' | 'ImplicitlyDenied' | 'ExplicitlyDenied';
};

/**
 * Evaluates the local stack's AWS calls against the policies the CDK app synthesizes
 * (`evaluatePolicies`), the bucket's resource policy for S3. Every request the local stack
 * serves is treated as arriving over TLS (`aws:SecureTransport`), as every call to AWS
 * does; the loopback hop is the local stand-in for it.
 */
export const createAuthorizer = (model: AccessModel) => {
  const cache = new Map<string, AccessDecision>();

  const evaluate = async (principal: LocalPrincipal, request: AccessRequest): Promise<AccessDecision> => {
    const isS3 = request.action.startsWith('s3:');
    const verdict = await evaluatePolicies(
      {
        accountId: model.accountId,
        principalArn: principal.roleArn,
        policies: principal.policies,
        resourcePolicy: isS3 ? model.bucketPolicy : undefined,
        sessionPolicy: principal.sessionPolicy,
      },
      request,
    );
    if (typeof verdict === 'object') {
      // A request this stack maps wrongly: refuse it, loudly, rather than guess.
      return { allowed: false, message: `local IAM check could not evaluate ${request.action}: ${verdict.error}` };
    }
    if (verdict === 'Allowed') return { allowed: true };
    return { allowed: false, message: denialMessage(principal, request, verdict === 'ExplicitlyDenied', isS3) };
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
