// Lint for the whole repository: ESLint's and typescript-eslint's recommended rules, React's
// hooks rules and Next.js's own rules for the web app. `npm run lint` allows no warning.
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'cdk.out/**',
      'coverage/**',
      'test-results/**',
      'scratch/**',
      '.bench/**',
      '.local-data/**',
      'web/.next/**',
      // A build's output, and what a local build keeps of an AWS build while it runs.
      'web/.open-next*/**',
      'web/next-env.d.ts',
      'web/lib/graphql/graphql.generated.ts',
      'contract/graphql-schema.generated.ts',
      'local/malware/signatures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The emulators and the tests handle AWS's wire JSON in every shape it comes in.
    files: ['local/**/*.ts', 'test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/public/sw.js', 'web/public/share-target-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    settings: { next: { rootDir: 'web/' } },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
);
