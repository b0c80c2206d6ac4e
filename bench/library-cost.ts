/**
 * What each library the web app ships costs on its own: the parts the app imports, bundled
 * and minified by esbuild for the browser, gzipped. React and React DOM are left out (a
 * bare Next app has them too). Shared code is counted in each, so the figures are an upper
 * bound of what removing one library would save.
 */
import { buildSync } from 'esbuild';
import { gzipSync } from 'node:zlib';

export const LIBRARIES: { name: string; loaded: string; entry: string }[] = [
  {
    name: 'Apollo Client (client, cache, links) with rxjs',
    loaded: "on demand: the first operation a person's action asks for (an upload's outcome, an edit, an export); pages render their data on the server",
    entry: `export { ApolloClient, InMemoryCache, HttpLink, ApolloLink } from '@apollo/client';
export { SetContextLink } from '@apollo/client/link/context';
export { ErrorLink } from '@apollo/client/link/error';`,
  },
  {
    name: 'gql (GraphQL parser)',
    loaded: 'not shipped: the documents are generated already parsed',
    entry: `export { gql } from '@apollo/client';`,
  },
  {
    name: 'Emotion (React, cache)',
    loaded: 'every page',
    entry: `export { css, Global, CacheProvider } from '@emotion/react';\nexport { default } from '@emotion/cache';`,
  },
  {
    name: 'react-toastify (unstyled; its CSS is a stylesheet)',
    loaded: 'right after hydration: the container wraps every page, and shows nothing until a toast is raised',
    entry: `export { ToastContainer, toast } from 'react-toastify/unstyled';`,
  },
  {
    name: 'Amplify auth',
    loaded: 'on demand: a form is sent or a token is needed',
    entry: `export { Amplify } from 'aws-amplify';\nexport * from 'aws-amplify/auth';\nexport { Hub, ConsoleLogger, parseAmplifyConfig } from 'aws-amplify/utils';`,
  },
];

export const libraryCost = (entry: string): number => {
  const result = buildSync({
    stdin: { contents: entry, resolveDir: __dirname, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
};
