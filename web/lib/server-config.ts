import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseWebConfig, WEB_CONFIG_ENV, WEB_CONFIG_FILE, type WebConfig } from '@contract/web-config';

const FIX =
  'Run `npm start` (local stack), or `npm run deploy` / `npm run web:config` for a deployed stage; ' +
  `set ${WEB_CONFIG_ENV.json} (the document) or ${WEB_CONFIG_ENV.file} (a file) for the web server.`;

let loaded: WebConfig | undefined;

/**
 * The web config at run time, read once per server process: the document in
 * VAULT_WEB_CONFIG (the deployed server function) or the file WEB_CONFIG_FILE names
 * (default amplify_outputs.json beside the server). A missing or malformed config stops
 * every page with a message that names the problem and the command that fixes it.
 */
export const loadWebConfig = (): WebConfig => {
  if (loaded) return loaded;
  const inline = process.env[WEB_CONFIG_ENV.json];
  let source: string;
  let text: string;
  if (inline) {
    source = `$${WEB_CONFIG_ENV.json}`;
    text = inline;
  } else {
    source = path.resolve(/* turbopackIgnore: true */ process.cwd(), process.env[WEB_CONFIG_ENV.file] ?? WEB_CONFIG_FILE);
    if (!fs.existsSync(/* turbopackIgnore: true */ source)) throw new Error(`web config ${source} is missing. ${FIX}`);
    text = fs.readFileSync(/* turbopackIgnore: true */ source, 'utf8');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`web config ${source} is not JSON (${(error as Error).message}). ${FIX}`, { cause: error });
  }
  const parsed = parseWebConfig(raw);
  if (!parsed.ok) throw new Error(`web config ${source} is malformed:\n  ${parsed.problems.join('\n  ')}\n${FIX}`);
  loaded = parsed.config;
  return loaded;
};
