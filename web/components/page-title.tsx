import type { ReactNode } from 'react';
import { theme } from '@/lib/theme';

/** A page's heading and lead: static, so a server component (no Emotion runtime needed). */
export const PageTitle = ({ children, lead }: { children: ReactNode; lead?: ReactNode }) => (
  <header style={{ margin: '0 0 1.25rem' }}>
    <h1 style={{ fontSize: '1.6rem', margin: '0 0 0.35rem' }}>{children}</h1>
    {lead && <p style={{ margin: 0, color: theme.color.muted }}>{lead}</p>}
  </header>
);
