import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { RouteError } from '@/components/route-error'
import { RoutePending } from '@/components/route-pending'
import { routeTree } from './routeTree.gen'

export function createAppRouter(
  queryClient: QueryClient,
  { history, prerender = false }: { history?: RouterHistory; prerender?: boolean } = {},
) {
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
    scrollRestoration: !prerender,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
