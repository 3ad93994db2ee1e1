import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { RouteError } from '@/components/route-error'
import { RoutePending } from '@/components/route-pending'
import { routeTree } from './routeTree.gen'

export function createAppRouter(
  queryClient: QueryClient,
  { history, prerender = false }: { history?: RouterHistory; prerender?: boolean } = {},
) {
  // The first render adopts the page where the visitor has it: they may have scrolled the
  // prerendered page before the app started (or the browser restored a position on reload), and
  // the router would scroll it back to the top. Later navigations restore or reset as usual.
  let firstRender = true
  const restoreScroll = () => {
    const restore = !firstRender
    firstRender = false
    return restore
  }
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns freshness, so the router always calls loaders and lets Query decide.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    // When prerendering, restoration would add an inline script, which our CSP refuses.
    scrollRestoration: prerender ? false : restoreScroll,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
