/**
 * The share of files the filing rules read right, per format: printed with the tests that
 * read them, so each run reports it (docs/reading-and-filing.md#the-corpus-and-its-scores
 * keeps the figures). "Right" is what a person would file the file under: the period; the
 * account, proposed and the one expected (a file that gives none counts as not read); the
 * institution, named by the reader and the bank that issued it.
 */
export interface ReadingOutcome {
  format: string;
  period: boolean;
  account: boolean;
  /** Undefined where the corpus does not know the issuer by name (an anonymised file). */
  institution?: boolean;
}

const share = (outcomes: readonly ReadingOutcome[], part: keyof Omit<ReadingOutcome, 'format'>) => {
  const known = outcomes.filter((outcome) => outcome[part] !== undefined);
  return `${known.filter((outcome) => outcome[part]).length} of ${known.length}`;
};

export const readingReport = (title: string, outcomes: readonly ReadingOutcome[]): string => {
  const formats = [...new Set(outcomes.map((outcome) => outcome.format))];
  const lines = formats.map((format) => {
    const of = outcomes.filter((outcome) => outcome.format === format);
    return `  ${format.padEnd(6)} ${String(of.length).padStart(3)} files: period ${share(of, 'period')}, account ${share(of, 'account')}, institution ${share(of, 'institution')} (of those whose issuer is known)`;
  });
  return [`${title} (read right, per format):`, ...lines, ''].join('\n');
};
