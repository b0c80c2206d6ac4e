import { Duration, Stack } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Cognito's calls that sign in, sign up, or start or finish a password reset: one attempt each. */
export const COGNITO_AUTH_TARGETS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
].map((operation) => `AWSCognitoIdentityProviderService.${operation}`);

export interface WebFirewallProps {
  /**
   * `CLOUDFRONT` for a distribution (the ACL lives in us-east-1, as this stack does);
   * `REGIONAL` for API Gateway stages, AppSync APIs and Cognito user pools.
   */
  readonly scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Requests one address may make in five minutes; more are refused (403) until it slows down. @default 2000 */
  readonly requestsPerAddress?: number;
  /**
   * Sign-in and sign-up attempts (COGNITO_AUTH_TARGETS) one address may make in five
   * minutes, for an ACL in front of a user pool. @default no such rule
   */
  readonly authAttemptsPerAddress?: number;
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  // Sampled requests show their headers in the console (tokens among them); the metrics suffice.
  sampledRequestsEnabled: false,
});

/** Five minutes: the window each address's requests are counted over. */
const WINDOW = Duration.minutes(5);

/**
 * An AWS WAF web ACL: requests per address limited, then AWS's managed rule groups for
 * known bad inputs (exploit payloads such as Log4Shell) and the common rule set (OWASP's
 * usual attacks), everything else allowed. The common set's body-size rule only counts:
 * bodies are bounded where they land (API Gateway's models, AppSync's own limit) and some
 * GraphQL requests (an edit of many statements) pass its 8 KB.
 */
export class WebFirewall extends Construct {
  readonly acl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: WebFirewallProps) {
    super(scope, id);
    const rules: wafv2.CfnWebACL.RuleProperty[] = [];
    const rateRule = (name: string, limit: number, scopeDownStatement?: wafv2.CfnWebACL.StatementProperty) =>
      rules.push({
        name,
        priority: rules.length,
        action: { block: {} },
        statement: {
          rateBasedStatement: {
            limit,
            aggregateKeyType: 'IP',
            evaluationWindowSec: WINDOW.toSeconds(),
            ...(scopeDownStatement ? { scopeDownStatement } : {}),
          },
        },
        visibilityConfig: visibility(name),
      });
    if (props.authAttemptsPerAddress !== undefined) {
      const byTarget = COGNITO_AUTH_TARGETS.map((target): wafv2.CfnWebACL.StatementProperty => ({
        byteMatchStatement: {
          fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
          positionalConstraint: 'EXACTLY',
          searchString: target,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      }));
      rateRule('AuthAttemptsPerAddress', props.authAttemptsPerAddress, { orStatement: { statements: byTarget } });
    }
    rateRule('RequestsPerAddress', props.requestsPerAddress ?? 2000);
    for (const [name, overrides] of [
      ['AWSManagedRulesKnownBadInputsRuleSet', []],
      ['AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']],
    ] as const) {
      rules.push({
        name,
        priority: rules.length,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name,
            ...(overrides.length > 0 ? { ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })) } : {}),
          },
        },
        visibilityConfig: visibility(name),
      });
    }
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      // Named, as its CloudWatch metrics are by the ACL's name (the alarms need it).
      name: `${Stack.of(this).stackName}-${id}`,
      scope: props.scope,
      defaultAction: { allow: {} },
      rules,
      visibilityConfig: visibility(id),
    });
  }

  /** The ACL's ARN, which a distribution names as its web ACL. */
  get arn(): string {
    return this.acl.attrArn;
  }

  /** Puts the ACL in front of a regional resource: an API Gateway stage, an AppSync API, a Cognito user pool. */
  associate(id: string, resourceArn: string): wafv2.CfnWebACLAssociation {
    return new wafv2.CfnWebACLAssociation(this, id, { resourceArn, webAclArn: this.acl.attrArn });
  }
}
