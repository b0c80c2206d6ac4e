import * as fs from 'node:fs';

/**
 * Where the emulated Cognito "sends" e-mail: each code is printed for the person at the
 * terminal and appended as one JSON line to a file the tests read.
 */
export interface CodeRecord {
  email: string;
  code: string;
  purpose: string;
  at: string;
}

export class CodeMailbox {
  constructor(
    private readonly file: string,
    private readonly print: (line: string) => void,
  ) {}

  deliver(record: Omit<CodeRecord, 'at'>): void {
    const entry: CodeRecord = { ...record, at: new Date().toISOString() };
    fs.appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
    this.print(`✉  ${entry.purpose} code for ${entry.email}: ${entry.code}`);
  }
}

/** The newest code sent to `email` (for tests and scripts), or undefined. */
export const latestCode = (file: string, email: string): CodeRecord | undefined => {
  if (!fs.existsSync(file)) return undefined;
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  return lines
    .map((line) => JSON.parse(line) as CodeRecord)
    .filter((record) => record.email.toLowerCase() === email.toLowerCase())
    .at(-1);
};
