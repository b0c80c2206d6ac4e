import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Whether the repository's Markdown holds together: every relative link and image of every
 * Markdown file leads to a file or folder that exists, every `#anchor` to a heading (or an
 * HTML `id`/`name`) of its page, and every `*.md` path a source file names exists, with its
 * anchor. Anchors are the ones GitHub renders, so a link that passes here works there.
 */

/** A link that leads nowhere, said where it is and why. */
export interface BrokenLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly reason: string;
}

/**
 * GitHub's anchor for a heading's text: lower case, each space a hyphen, and every
 * character that is not a letter, a digit, a hyphen or an underscore dropped.
 */
export const githubSlug = (heading: string): string =>
  plainText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/**
 * A heading's text as it renders: a code span's characters as they are; elsewhere links,
 * HTML tags and emphasis reduced to their words (an underscore inside a word is a character).
 */
const plainText = (markdown: string): string =>
  markdown
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`')
        ? part.slice(1, -1)
        : part
            .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/<[^>]+>/g, '')
            .replace(/\*+|~~/g, '')
            .replace(/(^|[^\p{L}\p{N}])_+|_+(?=$|[^\p{L}\p{N}_])/gu, '$1'),
    )
    .join('')
    .trim();

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** Each line of a Markdown text with what is code left out: fenced blocks wholly, code spans by their content. */
const proseLines = (markdown: string): { text: string; line: number }[] => {
  const lines: { text: string; line: number }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const opening = FENCE.exec(text);
    if (fence) {
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length) fence = undefined;
      return;
    }
    if (opening) {
      fence = opening[1];
      return;
    }
    lines.push({ text, line: index + 1 });
  });
  return lines;
};

/**
 * The anchors a page offers: one per heading, a repeated one numbered as GitHub numbers it
 * (`-1`, `-2`, … after the first), and every HTML `id` or `name`.
 */
export const anchorsOf = (markdown: string): Set<string> => {
  const anchors = new Set<string>();
  // How often each heading's own slug was numbered, as GitHub counts it.
  const numbered = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = HEADING.exec(text);
    if (heading) {
      const slug = githubSlug(heading[2]);
      let unique = slug;
      while (anchors.has(unique)) {
        const count = (numbered.get(slug) ?? 0) + 1;
        numbered.set(slug, count);
        unique = `${slug}-${count}`;
      }
      anchors.add(unique);
    }
    for (const html of text.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) anchors.add(html[1]);
  }
  return anchors;
};

/** Every link and image target of a Markdown text (inline or as a reference definition), with its line. */
export const linksOf = (markdown: string): { target: string; line: number }[] => {
  const links: { target: string; line: number }[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, '');
    for (const inline of prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: inline[1], line });
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose);
    if (definition) links.push({ target: definition[1], line });
  }
  return links;
};

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Why a link from `file` (a path under `root`) leads nowhere, or undefined when it leads somewhere. */
const problemWith = (root: string, file: string, target: string, anchorsFor: (file: string) => Set<string>): string | undefined => {
  if (target === '' || EXTERNAL.test(target) || target.startsWith('//')) return undefined;
  const hash = target.indexOf('#');
  let linkPath: string;
  let anchor: string | undefined;
  try {
    linkPath = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  } catch {
    return 'its percent-encoding is broken';
  }
  const resolved = linkPath === '' ? file : linkPath.startsWith('/') ? linkPath.slice(1) : path.join(path.dirname(file), linkPath);
  if (resolved.startsWith('..')) return 'it leads outside the repository';
  if (!fs.existsSync(path.join(root, resolved))) return `${resolved} does not exist`;
  if (anchor === undefined || anchor === '' || !resolved.endsWith('.md')) return undefined;
  return anchorsFor(resolved).has(anchor) ? undefined : `${resolved} has no heading whose anchor is #${anchor}`;
};

/** A reader of each page's anchors that reads each page once. */
const anchorReader = (root: string) => {
  const cache = new Map<string, Set<string>>();
  return (file: string) => {
    if (!cache.has(file)) cache.set(file, anchorsOf(fs.readFileSync(path.join(root, file), 'utf8')));
    return cache.get(file)!;
  };
};

/** The links of the given Markdown files (paths under `root`) that lead nowhere. */
export const brokenMarkdownLinks = (root: string, files: readonly string[]): BrokenLink[] => {
  const anchorsFor = anchorReader(root);
  return files.flatMap((file) =>
    linksOf(fs.readFileSync(path.join(root, file), 'utf8')).flatMap(({ target, line }) => {
      const reason = problemWith(root, file, target, anchorsFor);
      return reason ? [{ file, line, target, reason }] : [];
    }),
  );
};

/**
 * The `*.md` paths that the given source files name (in comments, messages, alarm
 * descriptions), with an `#anchor` or a heading named after them (the path, a comma, the heading's words in double quotes),
 * that lead nowhere: a path is read from the file's own folder, then from the repository's root.
 */
export const brokenMarkdownMentions = (root: string, files: readonly string[]): BrokenLink[] => {
  const anchorsFor = anchorReader(root);
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        [...text.matchAll(/(?<![\w./-])((?:[\w.-]+\/)*[\w.-]*[A-Za-z0-9]\.md)(?:(#[\w-]+)|, "([^"]+)")?(?![\w/])/g)].flatMap((mention) => {
          const [target, mentioned, hashAnchor, heading] = mention;
          const anchor = hashAnchor ?? (heading === undefined ? '' : `#${githubSlug(heading)}`);
          const fromFolder = path.join(path.dirname(file), mentioned);
          const base = fs.existsSync(path.join(root, fromFolder)) ? path.relative(path.dirname(file), fromFolder) : `/${mentioned}`;
          const reason = problemWith(root, file, `${base}${anchor}`, anchorsFor);
          return reason ? [{ file, line: index + 1, target, reason }] : [];
        }),
      ),
  );
};

/** A broken link as one line: where it is, what it names, and why it leads nowhere. */
export const describeBrokenLink = ({ file, line, target, reason }: BrokenLink): string => `${file}:${line}: ${target}: ${reason}`;
