import type { ReactNode } from 'react';

/** A page's heading and lead: static, so a server component (styled by the global classes, no Emotion runtime). */
export const PageTitle = ({ children, lead }: { children: ReactNode; lead?: ReactNode }) => (
  <header className="page-title">
    <h1 className="page-heading">{children}</h1>
    {lead && <p className="page-lead">{lead}</p>}
  </header>
);
