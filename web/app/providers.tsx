/** @jsxImportSource @emotion/react */
'use client';

import { Global, css } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import type { WebConfig } from '@contract';
import { clearGraphqlClient } from '@/lib/graphql-client';
import { AuthProvider, type AuthState } from '@/lib/auth-context';
import { applyWebConfig } from '@/lib/config';
import { EmotionRegistry } from '@/lib/emotion-registry';
import { Toasts } from '@/components/toasts';
import { colorSchemeCss, theme } from '@/lib/theme';

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
  /* The server-rendered parts' layout: classes, not style attributes, which the CSP refuses. */
  .page-main {
    max-width: 60rem;
    margin: 0 auto;
    padding: 1.5rem 1rem 4rem;
  }
  /* A page of lists (the statements) takes the width a wide screen has, so each statement fits one line. */
  .page-main:has(.wide-page),
  body:has(.wide-page) .site-nav {
    max-width: 80rem;
  }
  /* A list page's title leaves the room to the list. */
  .page-main:has(.wide-page) {
    padding-top: 1rem;
  }
  .page-main:has(.wide-page) .page-title {
    margin-bottom: 0.75rem;
  }
  .page-title {
    margin: 0 0 1.25rem;
  }
  .statement-nav {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1.5rem;
    margin: 0 0 1rem;
  }
  .statement-nav > a {
    display: inline-block;
    min-height: 24px;
    padding: 0.25rem 0;
  }
  /* A share's page: the owner's note as they wrote it (as text), and each file's two links as 44 px targets. */
  .share-note {
    border-left: 4px solid ${theme.color.link};
    padding: 0.25rem 0 0.25rem 1rem;
    margin: 0 0 1.25rem;
  }
  .share-note-heading {
    font-size: 1rem;
    margin: 0 0 0.25rem;
  }
  .share-note-text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    margin: 0;
  }
  .share-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.5rem;
    margin: 0.4rem 0 0;
  }
  .share-file-form {
    margin: 0;
  }
  /* A file's View and Download: forms (the secret goes in their body), shown as the links they replace. */
  .share-file-button {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0;
    border: 0;
    background: none;
    color: ${theme.color.link};
    font: inherit;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
  .share-zip {
    margin: 1.25rem 0 0;
  }
  .card-heading {
    font-size: 1.2rem;
    margin: 1.25rem 0 0.75rem;
  }
  .share-controls {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: flex-end;
    margin: 0 0 1rem;
  }
  .openings {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.9rem;
  }
  .openings th,
  .openings td {
    text-align: left;
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid ${theme.color.border};
  }
  /* A toast's one action (Undo): a button in the toast's own colours, underlined as a link. */
  .toast-action {
    font: inherit;
    font-weight: 700;
    color: inherit;
    background: none;
    border: 0;
    padding: 0.25rem 0;
    min-height: 24px;
    text-decoration: underline;
    text-underline-offset: 3px;
    cursor: pointer;
  }
  /* A heading may be a file's name as a bank's download gives it, with no space to break at. */
  .page-heading {
    font-size: 1.6rem;
    margin: 0 0 0.35rem;
    overflow-wrap: anywhere;
  }
  .page-lead {
    margin: 0;
    overflow-wrap: anywhere;
    color: ${theme.color.muted};
  }
  .hero-heading {
    font-size: 2rem;
    margin: 0.5rem 0 1rem;
  }
  .hero-lead {
    font-size: 1.1rem;
    max-width: 40rem;
  }
  .section-heading {
    font-size: 1.2rem;
  }
  .fine-print {
    font-size: 0.9rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.75rem;
  }
  .hero-actions {
    margin: 1.5rem 0;
  }
  .noscript {
    padding: 0.75rem 1rem;
    border: 2px solid ${theme.color.danger};
    border-radius: ${theme.radius};
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
 * Every page is wrapped in the style cache and the toast container
 * plus who is signed in, as the server read it from the request. The
 * config the server read comes first: nothing below may call Amplify or the APIs before
 * it is applied. The nonce is this request's (the proxy's CSP): Emotion's styles carry it.
 */
/** A sign-out leaves nothing of the person in the GraphQL client's cache. */
const clearSignedOut = () => void clearGraphqlClient();

export const Providers = ({
  config,
  auth,
  nonce,
  children,
}: {
  config: WebConfig;
  auth: AuthState;
  nonce: string | undefined;
  children: ReactNode;
}) => {
  useState(() => applyWebConfig(config));
  return (
    <EmotionRegistry nonce={nonce}>
      <Global styles={globalStyles} />
      <AuthProvider initial={auth} onSignedOut={clearSignedOut}>
        {children}
      </AuthProvider>
      <Toasts />
    </EmotionRegistry>
  );
};
