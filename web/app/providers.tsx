/** @jsxImportSource @emotion/react */
'use client';

import { ApolloProvider } from '@apollo/client/react';
import { Global, css } from '@emotion/react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { WebConfig } from '@contract';
import { ToastContainer } from 'react-toastify';
import { createApolloClient } from '@/lib/apollo';
import { AuthProvider } from '@/lib/auth-context';
import { applyWebConfig } from '@/lib/config';
import { EmotionRegistry } from '@/lib/emotion-registry';
import { colorSchemeCss, theme } from '@/lib/theme';
import { TOAST_OPTIONS } from '@/lib/toast-options';
import { fetchAuthSession } from 'aws-amplify/auth';

const globalStyles = css`
  ${colorSchemeCss}
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    font-family: ${theme.font};
    color: ${theme.color.text};
    background: ${theme.color.background};
    line-height: 1.5;
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    min-width: 320px;
  }
  a {
    color: ${theme.color.link};
  }
  :focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  .skip-link {
    position: absolute;
    left: -999px;
    top: 0;
    background: ${theme.color.surface};
    padding: 0.5rem 1rem;
    z-index: 10;
  }
  .skip-link:focus {
    left: 0.5rem;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .cta {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0.55rem 1.1rem;
    border-radius: ${theme.radius};
    border: 1px solid ${theme.color.border};
    background: ${theme.color.surface};
    color: ${theme.color.text};
    font-weight: 600;
    text-decoration: none;
  }
  .cta-primary {
    background: ${theme.color.primary};
    border-color: ${theme.color.primary};
    color: ${theme.color.onPrimary};
  }
`;

/**
 * Every page is wrapped in the style cache, the GraphQL client and the toast container
 * (seed-spec point 1), plus who is signed in. The config the server read comes first:
 * nothing below may call Amplify or the APIs before it is applied.
 */
export const Providers = ({ config, children }: { config: WebConfig; children: ReactNode }) => {
  useState(() => applyWebConfig(config));
  const idToken = useCallback(async () => (await fetchAuthSession().catch(() => undefined))?.tokens?.idToken?.toString(), []);
  const client = useMemo(() => createApolloClient(idToken), [idToken]);
  const onSignedOut = useCallback(() => void client.clearStore(), [client]);
  return (
    <EmotionRegistry>
      <Global styles={globalStyles} />
      <ApolloProvider client={client}>
        <AuthProvider onSignedOut={onSignedOut}>{children}</AuthProvider>
      </ApolloProvider>
      <ToastContainer {...TOAST_OPTIONS} />
    </EmotionRegistry>
  );
};
