// Jest's stand-in for esbuild's binary loader (lib/lambda-bundle.ts): a file imported as its bytes.
module.exports = {
  process(_source, filename) {
    const base64 = require('node:fs').readFileSync(filename).toString('base64');
    return { code: `module.exports = { __esModule: true, default: new Uint8Array(Buffer.from(${JSON.stringify(base64)}, 'base64')) };` };
  },
  getCacheKey(_source, filename) {
    return `${filename}:${require('node:fs').statSync(filename).mtimeMs}`;
  },
};
