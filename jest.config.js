/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  // test/long (load) runs in `npm run test:long`, with the 10,000-case fuzz.
  testPathIgnorePatterns: process.env.LONG_TESTS ? ['/node_modules/'] : ['/node_modules/', '/test/long/'],
  // file-type and its tokenizers ship as ES modules only; swc turns them into CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit)/)'],
  transform: {
    '^.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' } }],
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
    '^.+\\.tsx$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  // The web app's path aliases (web/tsconfig.json), for its unit tests.
  moduleNameMapper: {
    // Its export map offers `import` only; the core entry has the buffer detector the Lambdas use.
    '^file-type$': '<rootDir>/node_modules/file-type/core.js',
    '^@contract$': '<rootDir>/contract/index.ts',
    '^@/(.*)$': '<rootDir>/web/$1',
  },
  setupFiles: ['<rootDir>/test/support/env.ts'],
  // Installs (as root) or names the system packages the local stack needs: ClamAV.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  snapshotSerializers: ['<rootDir>/test/support/asset-hash-serializer.ts'],
  // CDK synth bundles three Lambdas with esbuild; give it room on 2 cores.
  testTimeout: 60_000,
};
