/** @jsxImportSource @emotion/react */
'use client';

import type { FormEvent, ReactNode } from 'react';
import { amplifyAuth } from '@/lib/amplify-client';
import { narrowForm } from '../ui';

const warmAuth = () => void amplifyAuth().catch(() => undefined);

/**
 * The sign-in, sign-up, confirmation and reset forms. Amplify's auth loads as soon as the
 * person starts filling one in, so sending it does not wait for it. `method="post"`: should
 * the form ever be sent without JavaScript, what was typed (a password) stays out of the URL.
 */
export const AuthForm = ({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) => (
  <form method="post" onSubmit={onSubmit} onFocus={warmAuth} css={narrowForm} noValidate>
    {children}
  </form>
);
