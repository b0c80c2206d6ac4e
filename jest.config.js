/**
 * The tests by layer, as jest projects. `npm test` runs them all; each layer alone:
 *   - unit (`npm run test:unit`): the contract, handlers, resolvers, scripts and the web
 *     app's modules, in-process; no Java, no browser, no local stack, within 30 s;
 *   - readers: the real readers (pdf.js, the search index's, their memory, their time) in processes of their own;
 *   - properties: the handlers over generated requests (FUZZ_RUNS each; more in test:long);
 *   - infra (`npm run test:infra`): the synthesized template (snapshot, security rules,
 *     cdk-nag, CloudFormation validation, what a destroy keeps);
 *   - integration (`npm run test:integration`): the local stack (DynamoDB Local on Java,
 *     ClamAV) driven by the real clients, security matrix, fuzzing and durability;
 *   - e2e (`npm run test:e2e`): the browser suite (Debian chromium) on the local stack.
 * test/long (load, the web artifact, dependencies) runs in `npm run test:long`.
 */
const LONG = Boolean(process.env.LONG_TESTS);

/** @type {import('jest').Config} */
const shared = {
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/test'],
  // file-type, its tokenizers and client-zip ship as ES modules only; swc turns them into CommonJS for jest.
  // Font files are read as bytes wherever they are (the packet cover's fonts are pdf.js's).
  transformIgnorePatterns: [
    '/node_modules/(?!(client-zip|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit)/)(?!.+\\.ttf$)',
  ],
  transform: {
    '^.+\\.ttf$': '<rootDir>/test/support/binary-transform.cjs',
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
    '^@contract/reading$': '<rootDir>/contract/reading/index.ts',
    '^@contract/(.+)$': '<rootDir>/contract/$1',
    '^@/(.*)$': '<rootDir>/web/$1',
  },
  setupFiles: ['<rootDir>/test/support/env.ts'],
  snapshotSerializers: ['<rootDir>/test/support/asset-hash-serializer.ts'],
};

const layer = (displayName, folders, extra = {}) => ({
  ...shared,
  displayName,
  testMatch: folders.map((folder) => `<rootDir>/test/${folder}/**/*.test.{ts,tsx}`),
  ...extra,
});

/**
 * Tests beside the unit tests that are not quick: the real readers, each run in a Node
 * process of its own (pdf.js's ES modules load outside jest; memory is measured per
 * process), and the handlers' properties over hundreds of generated requests each.
 */
const READERS = [
  'contract/pdf-reading',
  'contract/balance-pdfs',
  'contract/corpus-scores',
  'contract/reader-time',
  'lambda/content-text',
  'lambda/content-memory',
].map((file) => `<rootDir>/test/${file}.test.ts`);
const PROPERTIES = ['<rootDir>/test/lambda/properties.test.ts'];

/** @type {import('jest').Config} */
module.exports = {
  // CDK synth bundles three Lambdas with esbuild, and the browser suite waits on real
  // uploads: room for both on 2 cores. (A global setting: jest ignores it per project.)
  testTimeout: 60_000,
  // Two suites at a time on 2 cores (jest's default keeps one core for itself, which sits
  // idle): most suites wait on a local stack, Java or a browser rather than on the CPU.
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/support/timing-reporter.mjs'],
  // The browser files last, their web build made meanwhile (test/support/test-sequencer.cjs).
  testSequencer: '<rootDir>/test/support/test-sequencer.cjs',
  projects: [
    layer('unit', ['contract', 'graphql', 'lambda', 'scripts', 'web'], {
      testPathIgnorePatterns: ['/node_modules/', ...[...READERS, ...PROPERTIES].map((file) => file.replace('<rootDir>', ''))],
    }),
    { ...shared, displayName: 'readers', testMatch: READERS },
    { ...shared, displayName: 'properties', testMatch: PROPERTIES },
    // The CloudFormation template, synthesized with every Lambda bundled: no Java or browser either, but a minute of CPU.
    layer('infra', ['infra']),
    // Installs (as root) or names the system packages the local stack needs: ClamAV.
    // Each worker's suites share one local stack (test/local/support/shared-stack.ts), stopped after the run.
    layer('integration', ['local', 'security', ...(LONG ? ['long'] : [])], {
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    }),
    layer('e2e', ['e2e'], {
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    }),
  ],
};
