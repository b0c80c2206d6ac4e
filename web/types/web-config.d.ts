/** The web config file, aliased at build time (next.config.ts); its shape is checked there. */
declare module '@web-config' {
  const config: unknown;
  export default config;
}
