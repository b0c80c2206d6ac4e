import { config } from 'zod';

/*
 * The schemas run in the browser under a Content-Security-Policy without 'unsafe-eval'.
 * zod compiles object parsers with `Function` unless told not to, and probes for it as each
 * object schema is built, which the browser reports as a refused eval on every page. Every
 * contract module builds its schemas with this module's exports, so the setting comes first.
 * The exports are zod's own, one by one: a bundler keeps only those a module uses, where an
 * object holding all of zod (`export { z }`) kept all of it in every bundle.
 */
config({ jitless: true });

export * from 'zod';
