import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { DefaultDashboardFactory, MonitoringFacade, SnsAlarmActionStrategy } from 'cdk-monitoring-constructs';
import { Construct } from 'constructs';
import { API_KEY_RENEWAL, API_STAGE, SWEEP_INTERVAL_MINUTES } from '../../contract';
import { METRIC_DIMENSIONS, METRICS_NAMESPACE, METRIC_NAMES } from '../../contract/metrics';

/** What the service alarms on, written once; docs/operating.md explains each alarm by these names. */
export const ALARM_THRESHOLDS = {
  /** Share of a REST API's or the GraphQL API's requests answered 5xx, over 5 minutes. */
  maxFaultRate: 0.05,
  /** p99 latency of a REST API or the GraphQL API. */
  maxLatencyP99: Duration.seconds(3),
  /** Any error of a function is worth a look. */
  maxFunctionErrors: 0,
  /** Any throttled invocation means the account's concurrency ran out. */
  maxFunctionThrottles: 0,
  /** A function's p99 duration, as a share of its timeout (percent). */
  maxDurationPercentOfTimeout: 80,
  /** Any throttled read or write of the table. */
  maxTableThrottles: 0,
  /** Any event in the catalogue's failure queue needs a replay. */
  maxFailedCatalogueEvents: 0,
  /** Any invocation in the mail function's failure queue needs a replay before its stored message expires. */
  maxFailedMailInvocations: 0,
  /** Any threat the malware scan finds in an upload (it is quarantined; someone should look). */
  maxThreatsFound: 0,
  /** Any file still without a malware verdict an hour after it arrived (SCAN_WAIT.overdueAfterMinutes): its owner cannot open it. */
  maxScansOverdue: 0,
  /** Any error of the Lambda@Edge function (a thrown error, or an answer CloudFront refuses): the site's forms fail. */
  maxEdgeFunctionErrors: 0,
  /** Web push notices the push services did not take in 5 minutes: devices stop hearing of anything otherwise unseen. */
  maxPushFailures: 10,
  /** Share requests refused by the per-link and per-address limits in 5 minutes: someone trying links or hammering one. */
  maxSharesThrottled: 100,
  /** Requests a WAF web ACL blocked in 5 minutes: more than a stray scanner, an attack or a rule refusing people. */
  maxBlockedRequests: 1000,
} as const;

export interface VaultMonitoringProps {
  readonly restApis: { readonly name: string; readonly api: apigateway.IRestApi }[];
  readonly functions: { readonly name: string; readonly function: lambda.IFunction }[];
  readonly graphqlApi: appsync.IGraphqlApi;
  readonly table: dynamodb.ITable;
  readonly catalogueFailures: sqs.IQueue;
  /** The mail function's failure queue, where the stage receives mail. @default none */
  readonly mailFailures?: sqs.IQueue;
  /** The web app's distribution: the share of its answers that are 5xx, whatever their origin. */
  readonly distribution: cloudfront.IDistribution;
  /** An address that receives every alarm by e-mail (it must confirm the subscription). @default none */
  readonly alarmEmail?: string;
  /** The stage whose custom metrics these alarms watch (their `stage` dimension). */
  readonly stage: string;
  /** The functions that apply a malware scan's verdict and count each threat (metric ThreatsFound). */
  readonly threatServices: readonly string[];
  /** The sweep's service name: it counts files whose malware verdict is overdue (metric ScansOverdue). */
  readonly sweepService: string;
  /** The functions that send web push (metric PushFailed, by their service names). */
  readonly pushServices: readonly string[];
  /** The share function's service name (metric SharesThrottled). */
  readonly shareService: string;
  /** The API key renewal's service name (metric ApiKeyDaysLeft). */
  readonly apiKeyRenewalService: string;
  /** WAF web ACLs, alarmed on when they block many requests (`region` for a REGIONAL one). @default none */
  readonly firewalls?: { readonly name: string; readonly acl: wafv2.CfnWebACL; readonly region?: string }[];
}

/**
 * The service's alarms and dashboard, built with cdk-monitoring-constructs: 5xx rate and
 * p99 latency of both REST APIs and the GraphQL API, errors, throttles and duration of
 * every function (the web app's server among them), the 5xx rate of the web app's
 * distribution, throttled reads and writes of the table, and the catalogue's and the mail
 * function's failure queues. Every alarm notifies one SNS topic (TLS only), with an optional e-mail
 * subscription; one dashboard shows the same figures.
 */
export class VaultMonitoring extends Construct {
  readonly topic: sns.Topic;
  readonly facade: MonitoringFacade;

  constructor(scope: Construct, id: string, props: VaultMonitoringProps) {
    super(scope, id);
    const prefix = Stack.of(this).stackName;
    this.topic = new sns.Topic(this, 'Alarms', { displayName: `${prefix} alarms`, enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        "Alarm notifications carry alarm names, states and metric values, never people's data; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer key would cost more than what it protects.",
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    this.facade = new MonitoringFacade(this, 'Facade', {
      alarmFactoryDefaults: {
        alarmNamePrefix: prefix,
        actionsEnabled: true,
        action: new SnsAlarmActionStrategy({ onAlarmTopic: this.topic }),
        datapointsToAlarm: 1,
        evaluationPeriods: 1,
      },
      metricFactoryDefaults: {},
      dashboardFactory: new DefaultDashboardFactory(this, 'Dashboards', {
        dashboardNamePrefix: prefix,
        createDashboard: true,
        createSummaryDashboard: false,
        createAlarmDashboard: false,
      }),
    });

    const faultRate = { Critical: { maxErrorRate: ALARM_THRESHOLDS.maxFaultRate } };
    const latency = { Critical: { maxLatency: ALARM_THRESHOLDS.maxLatencyP99 } };
    for (const { name, api } of props.restApis) {
      this.facade.monitorApiGateway({
        api,
        apiStage: API_STAGE,
        alarmFriendlyName: name,
        add5XXFaultRateAlarm: faultRate,
        addLatencyP99Alarm: latency,
      });
    }
    this.facade.monitorAppSyncApi({
      api: props.graphqlApi,
      alarmFriendlyName: 'graphql',
      add5XXFaultRateAlarm: faultRate,
      addLatencyP99Alarm: latency,
    });
    for (const { name, function: fn } of props.functions) {
      this.facade.monitorLambdaFunction({
        lambdaFunction: fn,
        alarmFriendlyName: name,
        addFaultCountAlarm: { Critical: { maxErrorCount: ALARM_THRESHOLDS.maxFunctionErrors } },
        addThrottlesCountAlarm: { Critical: { maxErrorCount: ALARM_THRESHOLDS.maxFunctionThrottles } },
        addLatencyP99Alarm: { Warning: { maxLatencyPercentageOfTimeout: ALARM_THRESHOLDS.maxDurationPercentOfTimeout } },
      });
    }
    this.facade.monitorDynamoTable({
      table: props.table,
      alarmFriendlyName: 'table',
      addReadThrottledEventsCountAlarm: { Critical: { maxThrottledEventsThreshold: ALARM_THRESHOLDS.maxTableThrottles } },
      addWriteThrottledEventsCountAlarm: { Critical: { maxThrottledEventsThreshold: ALARM_THRESHOLDS.maxTableThrottles } },
    });
    this.facade.monitorCloudFrontDistribution({
      distribution: props.distribution,
      alarmFriendlyName: 'web',
      // CloudFront reports its error rates in percent.
      addFault5xxRate: { Critical: { maxErrorRate: ALARM_THRESHOLDS.maxFaultRate * 100 } },
    });
    // Lambda@Edge runs, and counts its invocations, in whichever region is nearest the viewer;
    // CloudFront counts its errors per distribution in us-east-1 (Region "Global"), which one
    // alarm here can watch: a function that throws, and an answer CloudFront refuses.
    const edgeErrors = new cloudwatch.MathExpression({
      expression: 'FILL(execution, 0) + FILL(validation, 0)',
      usingMetrics: Object.fromEntries(
        [
          ['execution', 'LambdaExecutionError'],
          ['validation', 'LambdaValidationError'],
        ].map(([id, metricName]) => [
          id,
          new cloudwatch.Metric({
            namespace: 'AWS/CloudFront',
            metricName,
            dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' },
            region: 'us-east-1',
            statistic: cloudwatch.Stats.SUM,
          }),
        ]),
      ),
      period: Duration.minutes(5),
      label: 'Lambda@Edge errors',
    });
    this.facade.monitorCustom({
      alarmFriendlyName: 'edge-function',
      metricGroups: [
        {
          title: "Lambda@Edge errors (the server's request-body hash)",
          metrics: [
            {
              metric: edgeErrors,
              alarmFriendlyName: 'edge-function-errors',
              addAlarm: {
                Critical: {
                  threshold: ALARM_THRESHOLDS.maxEdgeFunctionErrors,
                  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                  additionalDescription:
                    'The Lambda@Edge function failed: forms and server actions fail (docs/operating.md#edge-function-errors).',
                },
              },
            },
          ],
        },
      ],
    });
    this.facade.monitorSqsQueue({
      queue: props.catalogueFailures,
      alarmFriendlyName: 'catalogue-failures',
      addQueueMaxSizeAlarm: { Critical: { maxMessageCount: ALARM_THRESHOLDS.maxFailedCatalogueEvents } },
    });
    if (props.mailFailures) {
      this.facade.monitorSqsQueue({
        queue: props.mailFailures,
        alarmFriendlyName: 'mail-failures',
        addQueueMaxSizeAlarm: { Critical: { maxMessageCount: ALARM_THRESHOLDS.maxFailedMailInvocations } },
      });
    }
    // Our custom metrics, per service and this stage (Powertools Metrics; every metric has both dimensions).
    const custom = (metricName: string, service: string, statistic: string = cloudwatch.Stats.SUM) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { [METRIC_DIMENSIONS.service]: service, [METRIC_DIMENSIONS.stage]: props.stage },
        statistic,
      });
    // One metric summed over the functions that publish it.
    const summed = (metricName: string, services: readonly string[]) =>
      new cloudwatch.MathExpression({
        expression: services.map((_, index) => `FILL(${metricName.toLowerCase()}${index}, 0)`).join(' + '),
        usingMetrics: Object.fromEntries(
          services.map((service, index) => [`${metricName.toLowerCase()}${index}`, custom(metricName, service)]),
        ),
        period: Duration.minutes(5),
        label: metricName,
      });
    // Whichever function applies a threat verdict counts it: the scan-result event's, the
    // catalogue's (a file that arrived already tagged) or the sweep's (an event that was missed).
    const threats = summed(METRIC_NAMES.threatsFound, props.threatServices);
    this.facade.monitorCustom({
      alarmFriendlyName: 'malware',
      metricGroups: [
        {
          title: 'Threats found in uploads',
          metrics: [
            {
              metric: threats,
              alarmFriendlyName: 'threats-found',
              addAlarm: {
                Critical: {
                  threshold: ALARM_THRESHOLDS.maxThreatsFound,
                  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                  additionalDescription: 'An uploaded file held malware; it is quarantined (docs/operating.md#threat-found).',
                },
              },
            },
          ],
        },
        {
          title: 'Files with no malware verdict an hour after they arrived',
          metrics: [
            {
              // Counted by each sweep run: the alarm holds from one run to the next while a file waits.
              metric: custom(METRIC_NAMES.scansOverdue, props.sweepService, cloudwatch.Stats.MAXIMUM).with({
                period: Duration.minutes(SWEEP_INTERVAL_MINUTES.aws),
              }),
              alarmFriendlyName: 'scans-overdue',
              addAlarm: {
                Critical: {
                  threshold: ALARM_THRESHOLDS.maxScansOverdue,
                  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                  // A run with nothing overdue publishes nothing.
                  treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING,
                  additionalDescription:
                    'A file has had no malware verdict for an hour although the sweep asked for it to be scanned again (docs/operating.md#scans-overdue-a-statement-stays-scanning).',
                },
              },
            },
          ],
        },
      ],
    });

    // Failures nobody would see: notices that never reached a device, and shares being abused.
    this.facade.monitorCustom({
      alarmFriendlyName: 'push-and-shares',
      metricGroups: [
        {
          title: 'Web push notices not taken, share requests throttled',
          metrics: [
            {
              metric: summed(METRIC_NAMES.pushFailed, props.pushServices),
              alarmFriendlyName: 'push-failed',
              addAlarm: {
                Critical: {
                  threshold: ALARM_THRESHOLDS.maxPushFailures,
                  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                  additionalDescription: 'Push services refuse or ignore our notices (docs/operating.md#notices-not-delivered).',
                },
              },
            },
            {
              metric: summed(METRIC_NAMES.sharesThrottled, [props.shareService]),
              alarmFriendlyName: 'shares-throttled',
              addAlarm: {
                Critical: {
                  threshold: ALARM_THRESHOLDS.maxSharesThrottled,
                  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                  additionalDescription: 'Share links are being tried or hammered (docs/operating.md#shares-throttled).',
                },
              },
            },
          ],
        },
      ],
    });

    // A spike of blocked requests: an attack, or a rule refusing people (docs/operating.md#requests-blocked says which).
    for (const firewall of props.firewalls ?? []) {
      this.facade.monitorWebApplicationFirewallAclV2({
        acl: firewall.acl,
        region: firewall.region,
        alarmFriendlyName: firewall.name,
        addBlockedRequestsCountAlarm: {
          Critical: {
            maxErrorCount: ALARM_THRESHOLDS.maxBlockedRequests,
            alarmDescriptionOverride: 'WAF blocked a spike of requests (docs/operating.md#requests-blocked).',
          },
        },
      });
    }

    // The web app's API key: each renewal records the days it has left. Fewer than a week of
    // renewals would leave, or two days without one, is an alarm with most of a year to act.
    this.facade.monitorCustom({
      alarmFriendlyName: 'api-key',
      metricGroups: [
        {
          title: "Days until the web app's API key expires",
          metrics: [
            {
              metric: custom(METRIC_NAMES.apiKeyDaysLeft, props.apiKeyRenewalService, cloudwatch.Stats.MINIMUM).with({
                period: Duration.days(1),
              }),
              alarmFriendlyName: 'api-key-expiring',
              addAlarm: {
                Critical: {
                  threshold: API_KEY_RENEWAL.alarmBelowDays,
                  comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
                  treatMissingDataOverride: cloudwatch.TreatMissingData.BREACHING,
                  datapointsToAlarm: 2,
                  evaluationPeriods: 2,
                  additionalDescription: "The web app's API key is not being renewed (docs/operating.md#api-key-not-renewed).",
                },
              },
            },
          ],
        },
      ],
    });
  }
}
