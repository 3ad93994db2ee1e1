import {
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { Unavailable } from '@contract/page-data'
import { usePageData, usePageUnavailable } from '@/lib/page-state'

const subscribe = () => () => {}

/**
 * False while React hydrates prerendered HTML (and when prerendering), true in every other render.
 * A store with a server snapshot is the one way to know per component: parts of the page hydrate
 * in a later pass than others (each Suspense boundary, and on purpose late-hydration.tsx and
 * later-rows.tsx). For a query's data, use `usePageQuery`; this is for what truly differs between
 * the server's HTML and the browser (the visitor's time zone, this browser's storage).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/** A query as a part of the page shows it (`usePageQuery`). */
export type PageQuery<TData, TError> = Omit<UseQueryResult<TData, TError>, 'data'> & {
  data: TData | undefined
  /**
   * Why the server had no data for this query when it rendered the page, until the query's own
   * request has answered.
   */
  said: Unavailable | undefined
}

/**
 * `useQuery`, as a part of a server-rendered page shows it. While React hydrates that part it is
 * what the server's HTML was rendered with: the page's data for the query (none on a prerendered
 * page, whose skeleton stays), no error, no request out. By then the cache may hold more (a list
 * stored on an earlier visit, a refresh that answered, a failure), and rendering that would not
 * match the HTML: React would throw the HTML away (error #418). A section drawing a whole list
 * renders its data as a deferred value (`useDeferredValue`), so each arrival is a background
 * render that yields to the browser every few milliseconds.
 */
export function usePageQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): PageQuery<TData, TError> {
  const query = useQuery(options)
  const hydrated = useHydrated()
  // The page's data is the query's own (no page query selects), checked by its schema when taken.
  const rendered = usePageData(options.queryKey) as TData | undefined
  const said = usePageUnavailable(options.queryKey)
  const shown = hydrated
    ? { data: query.data, said: query.isFetched ? undefined : said }
    : {
        data: rendered,
        said,
        error: null,
        failureReason: null,
        failureCount: 0,
        isError: false,
        isFetched: false,
        isFetching: false,
        isPaused: false,
        fetchStatus: 'idle',
      }
  // Everything else is read through the query's own result, so TanStack Query still re-renders
  // the part only for what it reads.
  return Object.assign(Object.create(query), shown)
}
