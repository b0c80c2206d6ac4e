import * as fs from 'node:fs';
import { Router } from 'cognito-local/lib/server/Router';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl, type UserPoolService } from 'cognito-local/lib/services/userPoolService';
import type { Services } from 'cognito-local/lib/services';
import * as path from 'node:path';
import { MFA, PASSWORD_POLICY, REGION, TOKEN_VALIDITY } from '../../contract';
import { LOCAL_IDS } from '../settings';
import type { CodeMailbox } from './codes';

/** cognito-local logs through pino; the local stack prints its own lines instead. */
const quietLogger: any = {
  child: () => quietLogger,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
export const cognitoContext = { logger: quietLogger };

export interface LocalUserPool {
  services: Services;
  route: ReturnType<typeof Router>;
  userPool: UserPoolService;
  userPoolId: string;
  clientId: string;
}

/**
 * cognito-local's own services, wired as its `createDefaultServer` does but with our data
 * folder, a mailbox that shows codes, AWS's issuer shape, and a pool and web client with
 * the contract's rules. The first start creates them; later starts reuse them.
 */
export const startUserPool = async (directory: string, mailbox: CodeMailbox): Promise<LocalUserPool> => {
  fs.mkdirSync(directory, { recursive: true });
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(directory);
  const cognito = await new CognitoServiceFactoryImpl(
    directory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(cognitoContext, DefaultConfig.UserPoolDefaults);

  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: `https://cognito-idp.${REGION}.amazonaws.com` },
  };
  // No trigger functions are configured, so the Lambda client is never called.
  const triggers = new TriggersService(clock, cognito, new LambdaService({}, {} as never), new CryptoService());
  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(
      triggers,
      new MessageDeliveryService({
        sendEmail: async (_ctx, _user, destination, message) =>
          mailbox.deliver({
            email: destination,
            code: message.__code ?? '',
            purpose: message.emailSubject ?? 'Verification',
          }),
        sendSms: async () => undefined,
      }),
    ),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const route = Router(services);

  const userPoolId = LOCAL_IDS.userPoolId;
  if (!fs.existsSync(path.join(directory, `${userPoolId}.json`))) {
    await cognito.createUserPool(cognitoContext, {
      Id: userPoolId,
      Name: 'statement-vault-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: MFA.mode,
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
    } as never);
  }
  const existing = (await cognito.listAppClients(cognitoContext, userPoolId)).find(
    (client) => client.ClientName === LOCAL_IDS.userPoolClientName,
  );
  const clientId =
    existing?.ClientId ??
    (
      (await route('CreateUserPoolClient')(cognitoContext, {
        UserPoolId: userPoolId,
        ClientName: LOCAL_IDS.userPoolClientName,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        IdTokenValidity: TOKEN_VALIDITY.idTokenMinutes,
        AccessTokenValidity: TOKEN_VALIDITY.accessTokenMinutes,
        RefreshTokenValidity: TOKEN_VALIDITY.refreshTokenDays,
        TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
      } as never)) as { UserPoolClient: { ClientId: string } }
    ).UserPoolClient.ClientId;

  return { services, route, userPool: await cognito.getUserPool(cognitoContext, userPoolId), userPoolId, clientId };
};
