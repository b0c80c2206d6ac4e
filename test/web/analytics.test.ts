import type { ReactElement } from 'react';
import * as vm from 'node:vm';
import { ANALYTICS_ORIGINS } from '../../contract/security-headers';
import { PAGE_VIEW_FUNCTION, analyticsAllowedOn, analyticsScript } from '../../web/lib/analytics';
import { withSources } from '../../web/lib/csp';
import { NextRequest, loadProxy, type Proxy } from './support/proxy';

/*
 * What imports Next.js is loaded without its types: they redeclare `process.env` for every
 * file the root project compiles (NODE_ENV required, which other tests' environments lack).
 */
type Analytics = (props: { measurementId: string | undefined; nonce?: string }) => ReactElement | null;
const { Analytics } = jest.requireActual<{ Analytics: Analytics }>('../../web/components/analytics');
const { AnalyticsPageViews } = jest.requireActual<{ AnalyticsPageViews: unknown }>('../../web/components/analytics-page-views');
const { PATH_HEADER, NONCE_HEADER } = jest.requireActual<{ PATH_HEADER: string; NONCE_HEADER: string }>('../../web/lib/nonce');

/**
 * A browser tab as gtag's set-up script sees it: its address, referrer and title, which a
 * test changes as the app's navigations would. The commands it queues for gtag.js are
 * what reaches Google (gtag.js itself is Google's, loaded from their servers).
 */
const tab = (href: string, referrer = '') => {
  const window: Record<string, unknown> = {};
  const context = {
    window,
    URL,
    Date,
    location: new URL(href),
    document: { referrer, title: 'Page · Statement Vault' },
  };
  Object.assign(window, { location: context.location });
  vm.createContext(context);
  vm.runInContext(analyticsScript('G-TEST123'), context);
  const commands = () => (window.dataLayer as IArguments[]).map((entry) => [...entry]);
  return {
    commands,
    /** A client-side navigation (or a search typed): the address changes, then the app's page-view hook runs. */
    go: (next: string) => {
      context.location = new URL(next, context.location);
      (window[PAGE_VIEW_FUNCTION] as () => void)();
    },
    pageViews: () => commands().filter(([kind, name]) => kind === 'event' && name === 'page_view'),
  };
};

describe('analytics with a measurement id', () => {
  test('the loader (async) and the set-up carry the CSP nonce; a page view goes with each path', () => {
    const tree = Analytics({ measurementId: 'G-TEST123', nonce: 'n0nce' }) as ReactElement<{
      children: ReactElement<Record<string, any>>[];
    }>;
    const [loader, init, pageViews] = tree.props.children;
    expect(loader.props).toMatchObject({ src: 'https://www.googletagmanager.com/gtag/js?id=G-TEST123', async: true, nonce: 'n0nce' });
    expect(init.props.nonce).toBe('n0nce');
    expect(init.props.dangerouslySetInnerHTML.__html).toBe(analyticsScript('G-TEST123'));
    expect(pageViews.type).toBe(AnalyticsPageViews);
  });

  test('without one, or where the page allows none: nothing is rendered', () => {
    expect(Analytics({ measurementId: undefined })).toBeNull();
    expect(Analytics({ measurementId: '' })).toBeNull();
  });

  test('gtag is never given a query or a fragment: no automatic page view, the address and referrer set bare for every event', () => {
    const search = tab('https://vault.example/statements/search?q=tax+refund#top', 'https://vault.example/statements?account=Savings');
    expect(search.commands()).toEqual([
      ['js', expect.any(Date)],
      ['set', { page_location: 'https://vault.example/statements/search', page_referrer: 'https://vault.example/statements' }],
      [
        'config',
        'G-TEST123',
        {
          send_page_view: false,
          page_location: 'https://vault.example/statements/search',
          page_referrer: 'https://vault.example/statements',
        },
      ],
    ]);
  });

  test('one page view per path: the search typed (its query) is no new page, and no page view carries what was typed', () => {
    const session = tab('https://vault.example/statements/search', 'https://mail.example.net/inbox?message=42');
    session.go('/statements/search'); // the hook, once the page runs
    session.go('/statements/search?q=t');
    session.go('/statements/search?q=tax');
    session.go('/statements/search?q=tax+refund');
    session.go('/statements/01HZZZZZZZZZZZZZZZZZZZZZZZ?from=search');
    session.go('/statements/01HZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(session.pageViews()).toEqual([
      // Another site's referrer: its origin alone.
      ['event', 'page_view', { page_location: 'https://vault.example/statements/search', page_referrer: 'https://mail.example.net/' }],
      [
        'event',
        'page_view',
        {
          page_location: 'https://vault.example/statements/01HZZZZZZZZZZZZZZZZZZZZZZZ',
          page_referrer: 'https://vault.example/statements/search',
        },
      ],
    ]);
    const everything = JSON.stringify(session.commands());
    expect(everything).not.toMatch(/tax|refund|q=|\?|#|message/);
  });

  test('nothing is sent from a share page, even were the script there', () => {
    const shared = tab(`https://vault.example/s#${'A'.repeat(43)}`);
    shared.go(`/s#${'A'.repeat(43)}`);
    expect(shared.pageViews()).toEqual([]);
    expect(JSON.stringify(shared.commands())).not.toContain('AAAA');
    expect([analyticsAllowedOn('/s'), analyticsAllowedOn('/s/file'), analyticsAllowedOn('/statements/search')]).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('the proxy, with a measurement id set', () => {
  let proxy: Proxy;
  beforeAll(() => {
    proxy = loadProxy({ NEXT_PUBLIC_GA_MEASUREMENT_ID: 'G-TEST123' });
  });

  /** What the proxy answers for a page: its CSP, and the request headers it hands the page (a viewer's own path header replaced). */
  const visit = async (path: string) => {
    const response = await proxy(new NextRequest(`https://vault.example${path}`, { headers: { [PATH_HEADER]: '/statements' } }));
    const forwarded = (name: string) => response.headers.get(`x-middleware-request-${name}`);
    return { csp: response.headers.get('content-security-policy')!, path: forwarded(PATH_HEADER), nonce: forwarded(NONCE_HEADER) };
  };
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((part) => part.trim().split(' '))
      .find(([first]) => first === name)!
      .slice(1);

  test('the share page and what lies under it load no analytics: the layout is told their path, and their CSP allows none of Google’s origins', async () => {
    for (const path of ['/s', '/s/file', `/s/${'A'.repeat(43)}`]) {
      const { csp, path: told, nonce } = await visit(path);
      expect(told).toBe(path);
      expect(analyticsAllowedOn(told!)).toBe(false);
      expect(nonce).toBeTruthy();
      for (const origin of ANALYTICS_ORIGINS) expect(csp).not.toContain(origin);
      // A file's View and Download forms redirect to the bucket, which form-action must allow.
      expect(directive(csp, 'form-action')).toEqual(["'self'", 'https://fixture-bucket.s3.us-east-1.amazonaws.com']);
    }
  });

  test('other pages, the search among them, may load it; their forms post to the app alone', async () => {
    // (A private page signed out is a redirect to sign in, which renders nothing: its CSP is what counts.)
    for (const path of ['/', '/sign-in', '/account-closed', '/statements/search?q=tax', '/shares']) {
      const { csp, path: told } = await visit(path);
      expect(told).toBe(/^\/(statements|shares)/.test(path) ? null : new URL(path, 'https://vault.example').pathname);
      expect(directive(csp, 'connect-src')).toEqual(expect.arrayContaining([...ANALYTICS_ORIGINS]));
      expect(directive(csp, 'form-action')).toEqual(["'self'"]);
    }
  });
});

test('a directive takes more sources once each; a policy without it is a mistake, said', () => {
  expect(withSources("default-src 'self'; form-action 'self'; object-src 'none'", 'form-action', ['https://a.example', "'self'"])).toBe(
    "default-src 'self'; form-action 'self' https://a.example; object-src 'none'",
  );
  expect(() => withSources("default-src 'self'", 'form-action', ['https://a.example'])).toThrow('no form-action');
});
