import { RECENTLY_DELETED } from './recently-deleted';
import { GiB, MiB, formatBytes } from './uploads';

/**
 * Statements by mail: what one message to a person's address may be, and the words for
 * what is kept out of it.
 */
export const MAIL_LIMITS = {
  /** Amazon SES receives at most 40 MB a message, headers and encoding included; the local server refuses larger ones as it does. */
  maxMessageBytes: 40 * MiB,
  /** The headers of every part together (postal-mime's own default): a message of endless headers is refused before its parts are read. */
  maxHeaderBytes: 2 * MiB,
  /** Parts inside parts: mail clients nest a handful deep. */
  maxNestingDepth: 32,
  /** Forwarded messages inside forwarded messages whose files are read. */
  maxForwardDepth: 3,
  /** Parts that are files (attachments and inline files): a message of thousands is refused whole. */
  maxFileParts: 200,
  /** Statements taken from one message (attachments and what ZIPs hold). */
  maxStatements: 50,
  /** What the files of one attached ZIP may unzip to. */
  maxZipBytes: 200 * MiB,
  /** Characters of a mail's subject a person is shown. */
  subjectChars: 300,
  /** Characters of a mail's From addresses a person is shown (and a reason names). */
  fromChars: 1000,
  /** Files a kept-out note names, and the bytes of their names and reasons together; it says how many more there were. */
  noteFiles: 20,
  noteBytes: 16 * 1024,
  /**
   * Days the bucket keeps a stored message the mail function has not dealt with (it deletes
   * each one it does): as long as the function's failure queue keeps the failure, so a mail
   * it failed on can be replayed (`npm run mail:replay`) for as long as it waits there.
   */
  keepDays: 14,
  /**
   * Days a file waits in Arrived, from its mail's receipt, as a deleted statement waits in
   * Recently deleted; then it goes (the bucket's lifecycle, the table's TTL) and its place
   * under the quota is given back (the sweep).
   */
  arrivedKeepDays: RECENTLY_DELETED.keepDays,
  /**
   * Files waiting in Arrived at once, and their bytes: past either, a mail's further files are
   * kept out. Anyone with the address can send, and waiting files hold places under the quota,
   * so without a bound a stranger could fill the person's vault; a year of statements from a
   * dozen banks is a few hundred files.
   */
  arrivedMaxFiles: 500,
  arrivedMaxBytes: 2 * GiB,
} as const;

/** When a file of a mail received at `receivedAt` goes from Arrived. */
export const arrivedExpiresAt = (receivedAt: string): string =>
  new Date(Date.parse(receivedAt) + MAIL_LIMITS.arrivedKeepDays * 24 * 3600 * 1000).toISOString();

/**
 * A person's private address: `s-{token}@{domain}`, the token 20 characters of base32
 * (100 random bits) in lower case, so no one finds an address by trying. A new token
 * retires the old one at once. Mail to a token no one holds is dropped without a bounce:
 * a bounce would tell a prober which addresses exist.
 */
export const MAIL_ADDRESS = { prefix: 's-', tokenChars: 20 } as const;

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export const MAIL_TOKEN_PATTERN = new RegExp(`^[a-z2-7]{${MAIL_ADDRESS.tokenChars}}$`);

/** A token from random bytes (at least `tokenChars` of them; 32 divides 256, so each character is uniform). */
export const mailTokenFrom = (random: Uint8Array): string => {
  if (random.length < MAIL_ADDRESS.tokenChars) throw new Error(`a mail token needs ${MAIL_ADDRESS.tokenChars} random bytes`);
  return Array.from(random.subarray(0, MAIL_ADDRESS.tokenChars), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
};

export const mailAddressOf = (token: string, domain: string): string => `${MAIL_ADDRESS.prefix}${token}@${domain.toLowerCase()}`;

/**
 * The token a recipient names, when it is an address of ours: in any case (mail systems
 * change it), with a `+tag` after the token ignored, as mail providers do.
 */
export const mailTokenOf = (recipient: string, domain: string): string | undefined => {
  const at = recipient.lastIndexOf('@');
  if (at < 0 || recipient.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined;
  const local = recipient.slice(0, at).toLowerCase().split('+')[0];
  if (!local.startsWith(MAIL_ADDRESS.prefix)) return undefined;
  const token = local.slice(MAIL_ADDRESS.prefix.length);
  return MAIL_TOKEN_PATTERN.test(token) ? token : undefined;
};

/** A person's private address, as the statements API answers it. */
export interface MailAddressResponse {
  /** `s-{token}@{domain}`; null until the person asks for one. */
  address: string | null;
  /** Whose mail is taken (MAIL_SENDERS): anyone's when empty. */
  senders: string[];
}

/**
 * Whom a person takes mail from: addresses (`statements@bank.example`) or whole domains
 * (`@bank.example`), matched against every From address of a mail. None: anyone. Mail from
 * anyone else is kept out, saying who sent it. A From address is the sender's own text, so
 * mail from a listed sender is filed only when Amazon SES's checks show that sender's domain
 * sent it (DMARC, or SPF or DKIM for that domain); otherwise its files wait in Arrived,
 * saying so. The list stays when the address is replaced.
 */
export const MAIL_SENDERS = { max: 20, maxChars: 254 } as const;

/**
 * A sender as a person may name one: an address, or `@` and a domain, in either case (kept in
 * lower case). Character classes, not a flag, so API Gateway's JSON Schema model checks the same.
 */
export const MAIL_SENDER_PATTERN =
  /^([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+)?@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export interface MailSendersRequest {
  senders: string[];
}

/** Who a mail was from, what it said it was about, and when it came: never its body. */
export interface MailFrom {
  /** The address of each From mailbox, as the sender wrote it (never a display name). */
  from: string;
  subject: string;
  receivedAt: string;
  /** A From address is at the vault's own domain (`atVaultDomain`), where the vault never sends from: someone else wrote it. */
  fromVaultDomain?: true;
}

/** The product's own domain (SECURITY.md's address is there). */
export const PRODUCT_DOMAIN = 'statement-vault.example';

/**
 * Whether an address is at one of the vault's own domains (the product's, the deployment's
 * mail domain, its web app's) or under one, or names one in its local part (a quoted
 * `"security@statement-vault.example"@elsewhere.example` reads as the vault's address). The
 * vault sends nothing to a person's private address, so a mail whose From is there is
 * someone else's writing, and is shown as such.
 */
export const atVaultDomain = (address: string, vaultDomains: readonly string[]): boolean => {
  const lower = address.trim().toLowerCase();
  const domain = lower.slice(lower.lastIndexOf('@') + 1).replace(/\.$/, '');
  const local = lower.slice(0, Math.max(0, lower.lastIndexOf('@')));
  return vaultDomains.some((own) => {
    const vault = own.toLowerCase();
    return domain === vault || domain.endsWith(`.${vault}`) || new RegExp(`[@.]${vault.replace(/[.]/g, '\\.')}(?![a-z0-9-])`).test(local);
  });
};

/** A value read from a mailed file, with where it came from. */
export interface ReadValue {
  value: string;
  detail: string;
}

/** A mailed file waiting for its owner to say what it is filed under. */
export interface MailArrival {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  /** Why it was not filed, in words. */
  reason: string;
  period?: ReadValue;
  account?: ReadValue;
  mail: MailFrom;
  /** When it goes if it is not filed (MAIL_LIMITS.arrivedKeepDays); absent on files that waited before waiting ended. */
  expiresAt?: string;
}

/** A mail, or files of it, kept out, and why. */
export interface MailKeptOut {
  mail: MailFrom;
  reason: string;
  /** The first of them (MAIL_LIMITS.noteFiles, noteBytes). */
  files: { fileName: string; reason: string }[];
  /** How many more files were kept out than `files` names. */
  more?: number;
}

/** What arrived by mail and waits, and what was kept out lately, newest first. */
export interface MailArrivalsResponse {
  arrived: MailArrival[];
  keptOut: MailKeptOut[];
  /** Where the next page of waiting files starts (the route's `after`), when there are more. */
  nextArrived?: string;
}

/** What a person files a waiting file under: the account and the month they chose. */
export interface FileArrivalRequest {
  accountLabel: string;
  period: string;
}

/** A waiting file taken to be filed: it is listed once the catalogue has filed it, as an upload is. */
export interface FileArrivalResponse {
  statementId: string;
}

/** How many of each the arrivals route answers with: waiting files a page at a time, the newest notes. */
export const MAIL_LISTS = { arrived: 100, keptOut: 20 } as const;

/** The sentences that say why a message, or a file in it, was kept out. */
export const MAIL_WORDS = {
  noStatement: 'This mail had no statement attached.',
  someKeptOut: 'Some files in this mail are not statements, so they were not kept.',
  someNotKept: 'Some files in this mail were not kept; each says why.',
  moreKeptOut: (count: number) => `And ${count.toLocaleString('en-US')} more ${count === 1 ? 'file' : 'files'} not kept.`,
  malformed: 'This mail could not be read: it is not a well-formed message.',
  tooLarge: `This mail is larger than ${MAIL_LIMITS.maxMessageBytes / MiB} MB, the most a message may be.`,
  headersTooLarge: `This mail has more than ${MAIL_LIMITS.maxHeaderBytes / MiB} MB of headers, so it was not read.`,
  tooManyParts: `This mail has more than ${MAIL_LIMITS.maxFileParts} files in it, so none was taken.`,
  tooManyStatements: `This mail holds more than ${MAIL_LIMITS.maxStatements} statements; the first ${MAIL_LIMITS.maxStatements} were taken.`,
  notAStatement: (type: string) => `not a statement: its content is ${type}`,
  unreadableZip: 'a ZIP that could not be opened (damaged, encrypted, or larger unzipped than a statement may be)',
  nestedZip: 'a ZIP inside a ZIP: send the statements in it on their own',
  spam: 'Amazon SES judged this mail to be spam.',
  virus: 'Amazon SES found a virus in this mail.',
  dmarc: "This mail failed its sender's DMARC check: the domain it says it is from did not send it.",
  unauthenticated: 'Neither SPF nor DKIM shows that this mail came from the domain that sent it.',
  /** Said beside a mail's sender whose address is at the vault's own domain. */
  fromVaultDomain: 'Not sent by Statement Vault: anyone can write this address on a mail.',
  /** A mailed file not kept because Arrived is at its bound (MAIL_LIMITS.arrivedMax…). */
  arrivedFull: (fileName: string) =>
    `${fileName} was not kept: ${MAIL_LIMITS.arrivedMaxFiles} files (or ${formatBytes(MAIL_LIMITS.arrivedMaxBytes)}) already wait on your profile. File or discard some of them, then send it again.`,
  notAllowedSender: (sender: string) => `This mail is from ${sender}, who is not among the senders you allow.`,
  unconfirmedSender: (sender: string) =>
    `This mail says it is from ${sender}, but it could not be confirmed as that sender. Check the file before you file it.`,
  protectedPdf: 'This PDF is protected by a password: open it with its password to file it.',
  noPeriod: 'No period was read from this file: choose its month to file it.',
  noAccount: 'No account was read from this file: choose its account to file it.',
  /** A mailed file whose reading ran out of its time (contract/reading/deadline). */
  tooLong: 'This file took too long to read, so nothing in it was read: choose its month and account to file it.',
  chooseAccount: (detail: string) => `Which account is this? ${detail.charAt(0).toUpperCase()}${detail.slice(1)}.`,
  /** A waiting file asked for that is not waiting (filed, discarded, or never there). */
  arrivalGone: 'This file is no longer waiting: it was filed or discarded.',
  /** The statements API's answer where the deployment names no mail domain. */
  mailOff: 'This vault does not receive mail: its deployment names no mail domain.',
  forwardedTooDeep: `a message forwarded more than ${MAIL_LIMITS.maxForwardDepth} times over: forward the statement itself`,
} as const;
