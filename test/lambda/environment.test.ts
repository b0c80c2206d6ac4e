import { LAMBDA_ENV } from '../../contract';
import { parseEnvironment } from '../../lambda/shared/environment';

const BASE = { [LAMBDA_ENV.bucketName]: 'bucket', [LAMBDA_ENV.tableName]: 'table' };

test('a missing or empty variable every handler needs stops the cold start, naming each one', () => {
  expect(() => parseEnvironment({})).toThrow('environment variable BUCKET_NAME is not set; environment variable TABLE_NAME is not set');
  expect(() => parseEnvironment({ ...BASE, [LAMBDA_ENV.tableName]: '' })).toThrow('environment variable TABLE_NAME is empty');
});

test('the settings are read as the handlers use them: lists split, flags, optional names left out when empty', () => {
  expect(
    parseEnvironment({
      ...BASE,
      [LAMBDA_ENV.allowedOrigins]: ' https://a.example , ,https://b.example',
      [LAMBDA_ENV.metricsDisabled]: 'true',
      [LAMBDA_ENV.deletionFunctionName]: '',
      [LAMBDA_ENV.notifierFunctionName]: 'notifier',
      UNRELATED: 'ignored',
    }),
  ).toEqual({
    bucketName: 'bucket',
    tableName: 'table',
    allowedOrigins: ['https://a.example', 'https://b.example'],
    logLevel: undefined,
    metricsDisabled: true,
    deletionFunctionName: undefined,
    userPoolId: undefined,
    deletionJobRoleArn: undefined,
    shareReaderRoleArn: undefined,
    notifierFunctionName: 'notifier',
  });
});

test('a VAPID secret needs its subject; the extra push origins are a list', () => {
  const secret = { ...BASE, [LAMBDA_ENV.pushVapidSecretArn]: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:vapid' };
  expect(() => parseEnvironment(secret)).toThrow('environment variable PUSH_VAPID_SUBJECT is not set');
  expect(
    parseEnvironment({
      ...secret,
      [LAMBDA_ENV.pushVapidSubject]: 'mailto:ops@example.com',
      [LAMBDA_ENV.pushExtraOrigins]: 'http://127.0.0.1:1',
    }).push,
  ).toEqual({
    vapidSecretArn: secret[LAMBDA_ENV.pushVapidSecretArn],
    subject: 'mailto:ops@example.com',
    extraOrigins: ['http://127.0.0.1:1'],
  });
});

test.each([
  ['reading', 'readingBudgetMs', 'READING_BUDGET_MS'],
  ['OCR', 'ocrBudgetMs', 'OCR_BUDGET_MS'],
] as const)(
  'the %s budget is a whole number of milliseconds above zero; anything else stops the cold start, naming it',
  (_, setting, name) => {
    expect(parseEnvironment({ ...BASE, [LAMBDA_ENV[setting]]: '20000' })[setting]).toBe(20_000);
    expect(parseEnvironment(BASE)[setting]).toBeUndefined();
    for (const value of ['0', '-5', '1.5', 'soon'])
      expect(() => parseEnvironment({ ...BASE, [LAMBDA_ENV[setting]]: value })).toThrow(`environment variable ${name}`);
  },
);
