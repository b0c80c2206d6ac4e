import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Profile, Statement } from '@contract';

export const ME: TypedDocumentNode<MeData, Record<string, never>> = gql`
  query Me {
    me { userId email displayName avatarKey updatedAt }
  }
`;

export const UPDATE_PROFILE = gql`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) { userId email displayName avatarKey updatedAt }
  }
`;

/** The list shows this many statements a page. */
export const PAGE_SIZE = 20;

export type StatementsVariables = { filter: { period?: string; accountLabel?: string }; limit: number; nextToken: string | null };

/** The first page, unfiltered: what the server renders and the browser's cache starts from. */
export const FIRST_PAGE: StatementsVariables = { filter: {}, limit: PAGE_SIZE, nextToken: null };

export const STATEMENTS: TypedDocumentNode<StatementsData, StatementsVariables> = gql`
  query Statements($filter: StatementFilter, $limit: Int, $nextToken: String) {
    statements(filter: $filter, limit: $limit, nextToken: $nextToken) {
      items { id fileName contentType size accountLabel period status scanDetail uploadedAt checksum checksumType }
      nextToken
    }
  }
`;

/** What became of an upload: its statement once catalogued, or why it was refused after it arrived. */
export const UPLOAD_OUTCOME = gql`
  query UploadOutcome($id: ID!) {
    statement(id: $id) { id fileName size accountLabel period status scanDetail uploadedAt checksum checksumType }
    uploadRefusal(id: $id) { id reason refusedAt }
  }
`;

export type UploadOutcomeData = {
  statement: (StatementListItem & Pick<Statement, 'checksum' | 'checksumType'>) | null;
  uploadRefusal: { id: string; reason: string; refusedAt: string } | null;
};

/** The caller's statements that are this file (same checksum): asked before a file is stored twice. */
export const SAME_FILE = gql`
  query SameFile($checksum: String!) {
    statementsByChecksum(checksum: $checksum) { id fileName accountLabel period uploadedAt }
  }
`;

export type SameFileData = { statementsByChecksum: Pick<Statement, 'id' | 'fileName' | 'accountLabel' | 'period' | 'uploadedAt'>[] };

/** What became of a new profile picture: the profile names it once it is checked and scanned clean, or it was refused. */
export const AVATAR_OUTCOME = gql`
  query AvatarOutcome {
    me { userId avatarKey updatedAt }
    uploadRefusal(id: "avatar") { id reason refusedAt }
  }
`;

export type AvatarOutcomeData = {
  me: Pick<Profile, 'userId' | 'avatarKey' | 'updatedAt'>;
  uploadRefusal: { id: string; reason: string; refusedAt: string } | null;
};

/** What the filters and the usage line show: the caller's accounts and periods, and their quota. */
export const SUMMARIES: TypedDocumentNode<SummariesData, Record<string, never>> = gql`
  query Summaries {
    accounts { label count bytes }
    periods { period count bytes }
    usage { statements bytes maxStatements maxBytes }
  }
`;

export type SummariesData = {
  accounts: { label: string; count: number; bytes: number }[];
  periods: { period: string; count: number; bytes: number }[];
  usage: { statements: number; bytes: number; maxStatements: number; maxBytes: number };
};

export type MeData = { me: Profile };
export type StatementListItem = Pick<Statement, 'id' | 'fileName' | 'contentType' | 'size' | 'accountLabel' | 'period' | 'status' | 'scanDetail' | 'uploadedAt' | 'checksum' | 'checksumType'>;
export type StatementsData = { statements: { items: StatementListItem[]; nextToken: string | null } };
