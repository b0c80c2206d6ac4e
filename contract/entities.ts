/** The entities of PRODUCT.md as stored in DynamoDB and returned by GraphQL. */
export const STATEMENT_STATUS = { available: 'AVAILABLE' } as const;

export interface Statement {
  id: string;
  owner: string;
  fileName: string;
  contentType: string;
  size: number;
  key: string;
  accountLabel: string;
  period: string;
  status: (typeof STATEMENT_STATUS)[keyof typeof STATEMENT_STATUS];
  uploadedAt: string;
  checksum?: string;
}

export interface Profile {
  userId: string;
  email?: string;
  displayName?: string;
  avatarKey?: string;
  updatedAt: string;
}
