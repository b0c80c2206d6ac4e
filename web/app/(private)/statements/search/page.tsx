import { redirect } from 'next/navigation';
import { SEARCH_LIMITS } from '@contract/search/terms';
import { searchHref } from '@/lib/routes';

/**
 * Where search had a page of its own: a bookmark or a link to it shows the same search on the
 * statements list, where search is now (`/statements?q=…`).
 */
export default async function SearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const raw = Array.isArray(params.q) ? params.q[0] : params.q;
  redirect(searchHref((raw ?? '').slice(0, SEARCH_LIMITS.queryChars)));
}
