/** A font file, as its bytes: esbuild's binary loader in the bundles, test/support/binary-transform.cjs under jest. */
declare module '*.ttf' {
  const bytes: Uint8Array;
  export default bytes;
}
