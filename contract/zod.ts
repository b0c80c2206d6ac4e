import * as z from 'zod';

/*
 * The schemas run in the browser under a Content-Security-Policy without 'unsafe-eval'.
 * zod compiles object parsers with `Function` unless told not to, and probes for it as each
 * object schema is built, which the browser reports as a refused eval on every page. Every
 * contract module builds its schemas with this `z`, so the setting comes first.
 */
z.config({ jitless: true });

export { z };
