import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { TABLE_KEYS } from '../../contract/keys';

/** Every partition of the kept PDF passwords (`PDFPW#{sub}`), as IAM matches a partition key. */
const PDF_PASSWORD_PARTITIONS = TABLE_KEYS.pdfPasswordPartition('*');

/**
 * Grants item actions on the records table everywhere but the kept PDF passwords'
 * partitions: what `table.grant` grants, with a `dynamodb:LeadingKeys` condition that no
 * key of the call leads with `PDFPW#`. Every grant on the table that names no partitions
 * of its own goes through here, so a role may read (or write, which a condition expression
 * turns into a read) a kept password only where `grantPdfPasswords` says so.
 */
export const grantRecords = (table: dynamodb.ITable, grantee: iam.IGrantable, ...actions: string[]): iam.Grant =>
  iam.Grant.addToPrincipal({
    grantee,
    actions,
    resourceArns: [table.tableArn],
    conditions: { 'ForAllValues:StringNotLike': { 'dynamodb:LeadingKeys': [PDF_PASSWORD_PARTITIONS] } },
  });

/**
 * Grants item actions on the kept PDF passwords' partitions only: for the functions that
 * open a person's PDFs for them (the catalogue's, the mail function) and the resolvers that
 * keep and answer a password for its owner.
 *
 * @param attributes when given, the only attributes a read may ask for (`dynamodb:Attributes`,
 * with `dynamodb:Select` SPECIFIC_ATTRIBUTES): the account deletion lists the items by key only.
 */
export const grantPdfPasswords = (
  table: dynamodb.ITable,
  grantee: iam.IGrantable,
  actions: string[],
  attributes?: readonly string[],
): iam.Grant =>
  iam.Grant.addToPrincipal({
    grantee,
    actions,
    resourceArns: [table.tableArn],
    conditions: {
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': [PDF_PASSWORD_PARTITIONS],
        ...(attributes ? { 'dynamodb:Attributes': [...attributes] } : {}),
      },
      ...(attributes ? { StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' } } : {}),
    },
  });
