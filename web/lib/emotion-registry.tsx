'use client';

import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useServerInsertedHTML } from 'next/navigation';
import { useState, type ReactNode } from 'react';

/**
 * Emotion with the App Router's streaming server render: styles created while a chunk
 * renders are collected and inserted into the HTML before it, so the first paint is
 * already styled (no flash of unstyled content). Every style element carries the
 * request's CSP nonce, on the server and when the browser adds more.
 */
export const EmotionRegistry = ({ nonce, children }: { nonce?: string; children: ReactNode }) => {
  const [registry] = useState(() => {
    const cache = createCache({ key: 'sv', nonce });
    cache.compat = true;
    const insert = cache.insert;
    let inserted: string[] = [];
    cache.insert = (...args) => {
      const serialized = args[1];
      if (cache.inserted[serialized.name] === undefined) inserted.push(serialized.name);
      return insert(...args);
    };
    const flush = () => {
      const names = inserted;
      inserted = [];
      return names;
    };
    return { cache, flush };
  });

  useServerInsertedHTML(() => {
    const names = registry.flush();
    if (names.length === 0) return null;
    const styles = names
      .map((name) => registry.cache.inserted[name])
      .filter((style) => typeof style === 'string')
      .join('');
    return (
      <style
        key={registry.cache.key}
        nonce={nonce}
        data-emotion={`${registry.cache.key} ${names.join(' ')}`}
        dangerouslySetInnerHTML={{ __html: styles }}
      />
    );
  });

  return <CacheProvider value={registry.cache}>{children}</CacheProvider>;
};
