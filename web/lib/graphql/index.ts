/**
 * The web app's GraphQL operations under the names the components use, with their result
 * types: all generated from operations.graphql against the deployed schema
 * (graphql.generated.ts), pre-parsed, so no GraphQL parser ships to the browser.
 */
import {
  AccountChainDocument,
  AccountNamesDocument,
  AvatarOutcomeDocument,
  CoverageDocument,
  DeletedStatementsDocument,
  ExportAccountsDocument,
  EditStatementsDocument,
  EnterBalancesDocument,
  KeepPdfPasswordDocument,
  PdfPasswordDocument,
  MeDocument,
  SameFileDocument,
  StatementDetailsDocument,
  StatementsDocument,
  SummariesDocument,
  UpdateProfileDocument,
  UpdateAccountScheduleDocument,
  UpdateAccountDetailsDocument,
  RenameAccountDocument,
  UploadOutcomeDocument,
  type AccountChainQuery,
  type AvatarOutcomeQuery,
  type BalancesFieldsFragment,
  type CoverageQuery,
  type DeletedStatementsQuery,
  type ExportAccountsQuery,
  type MeQuery,
  type SameFileQuery,
  type StatementsQuery,
  type SummariesQuery,
  type UploadOutcomeQuery,
  SearchDocument,
  StatementNeighboursDocument,
  type SearchQuery,
} from './graphql.generated';

export const ME = MeDocument;
export const ACCOUNT_CHAIN = AccountChainDocument;
export const UPDATE_PROFILE = UpdateProfileDocument;
export const STATEMENTS = StatementsDocument;
export const UPLOAD_OUTCOME = UploadOutcomeDocument;
export const SAME_FILE = SameFileDocument;
export const AVATAR_OUTCOME = AvatarOutcomeDocument;
export const SUMMARIES = SummariesDocument;
export const EDIT_STATEMENTS = EditStatementsDocument;
export const ENTER_BALANCES = EnterBalancesDocument;
export const COVERAGE = CoverageDocument;
export const EXPORT_ACCOUNTS = ExportAccountsDocument;
export const UPDATE_ACCOUNT_SCHEDULE = UpdateAccountScheduleDocument;
export const UPDATE_ACCOUNT_DETAILS = UpdateAccountDetailsDocument;
export const RENAME_ACCOUNT = RenameAccountDocument;
export const DELETED_STATEMENTS = DeletedStatementsDocument;
export const STATEMENT_DETAILS = StatementDetailsDocument;
export const SEARCH = SearchDocument;
export const STATEMENT_NEIGHBOURS = StatementNeighboursDocument;
export const PDF_PASSWORD = PdfPasswordDocument;
export const ACCOUNT_NAMES = AccountNamesDocument;
export const KEEP_PDF_PASSWORD = KeepPdfPasswordDocument;

export type MeData = MeQuery;
export type AccountChainData = AccountChainQuery;
export type StatementsData = StatementsQuery;
export type StatementListItem = StatementsQuery['statements']['items'][number];
/** What a statement says of its days and money (null until its file is read). */
export type StatementBalancesItem = BalancesFieldsFragment;
export type UploadOutcomeData = UploadOutcomeQuery;
export type SameFileData = SameFileQuery;
export type AvatarOutcomeData = AvatarOutcomeQuery;
export type SummariesData = SummariesQuery;
export type CoverageData = CoverageQuery;
export type ExportAccount = ExportAccountsQuery['accounts'][number];
export type DeletedStatementsData = DeletedStatementsQuery;
export type DeletedStatementItem = DeletedStatementsQuery['deletedStatements']['items'][number];
export type SearchData = SearchQuery;
export type SearchHitData = SearchQuery['search']['hits'][number];
