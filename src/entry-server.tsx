// Renders a path through the real route tree: at build time for every page (scripts/prerender.ts),
// and on the server for the pages that show market data, with the data its cache holds
// (server/site/render/). The server loads the build of this module, dist/prerender/entry-server.js.
import { dehydrate, hashKey, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { loadUserMenu } from '@/features/auth/components/account-menu'
import { loadPriceExtras } from '@/features/market/late-price-extras'
import type { PageData, PageUnavailable } from '@contract/page-data'
import {
  type DeclaredQuery,
  type PageState,
  PageStateContext,
  pageStateElement,
} from '@/lib/page-state'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from './router'

/**
 * The route's HTML as React renders it (its <title>/<meta>/<link> first, which belong in <head>:
 * server/site/html.ts puts each part in its place), and the data block that goes after `#root`
 * (null without data).
 */
export type RenderedPage = { html: string; state: string | null }

export async function render(path: string, data: PageData = {}): Promise<RenderedPage> {
  // Loaders fetch nothing on the server: as a route declares a query, the query's own options
  // (`meta.onPage`) find its answer in `data`, or why it has none, and it goes in the cache.
  const queryClient = createQueryClient()
  const unavailable = new Map<string, PageUnavailable[number]>()
  const serve = ({ queryKey, meta }: DeclaredQuery) => {
    const answer = meta?.onPage?.(data)
    if (!answer) return
    if ('unavailable' in answer) {
      const queryHash = hashKey(queryKey)
      unavailable.set(queryHash, { queryHash, ...answer.unavailable })
    } else {
      queryClient.setQueryData(queryKey, answer.data, { updatedAt: answer.updatedAt })
    }
  }
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
    serve,
  })
  await router.load()
  // The page carries, and shows, the data of the queries its routes declared: nothing else is
  // in the cache (a component's own query starts no fetch here, and carries nothing pending).
  const { queries, mutations } = dehydrate(queryClient)
  const state: PageState | null =
    queries.length > 0 || unavailable.size > 0 || data.notFound
      ? {
          queries,
          mutations,
          ...(unavailable.size > 0 && { unavailable: [...unavailable.values()] }),
          ...(data.notFound && { notFound: true }),
        }
      : null
  // The global bar and the currency menu render only with their code at hand (renderToString
  // does not wait for it), and a signed-in visitor's account menu with its own.
  await loadPriceExtras()
  if (data.viewer) await loadUserMenu()
  const html = renderToString(
    <StrictMode>
      <PageStateContext value={state}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </PageStateContext>
    </StrictMode>,
  )
  queryClient.clear()
  return { html, state: state ? pageStateElement(state) : null }
}
