/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  setupFiles: ['<rootDir>/test/support/env.ts'],
  snapshotSerializers: ['<rootDir>/test/support/asset-hash-serializer.ts'],
  // CDK synth bundles three Lambdas with esbuild; give it room on 2 cores.
  testTimeout: 60_000,
};
