import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { LAMBDA_ENV } from '../../contract';
import type { VaultFunction } from './vault-function';

export interface AccountIdentifiersProps {
  /** @default RemovalPolicy.RETAIN: every stored identifier key was made with it */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The deployment's secret for account identifiers. A file's IBAN or account number is
 * stored only as a keyed hash under its owner's key, which the functions granted here derive
 * from this secret and the owner's id (contract/accounts/identifier-keys): the statements
 * API for the owner's browser, the mail function for what it files, the catalogue's
 * functions for the account numbers in a statement's text and search for those typed
 * (contract/search/identifiers). CloudFormation makes the secret; it is in no template,
 * bundle or log.
 */
export class AccountIdentifiers extends Construct {
  readonly secret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: AccountIdentifiersProps = {}) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: "Statement Vault: the secret each owner's key for hashing account identifiers is derived from",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Every stored identifier key is a hash under a key derived from this secret: a rotated secret would make every account unrecognisable by its files, and nothing could re-hash them (the numbers themselves are never stored).',
    });
  }

  /** Lets a function derive owners' keys: read the secret, named in its environment. */
  grantDerive(fn: VaultFunction): void {
    this.secret.grantRead(fn);
    fn.function.addEnvironment(LAMBDA_ENV.identifierSecretArn, this.secret.secretArn);
  }
}
