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

export type AppRouter = ReturnType<typeof createAppRouter>

/**
 * Makes the browser's router render the layout of the server render (no Suspense boundary above
 * the root route), so that React adopts a prerendered page as it is. TanStack Router documents one
 * way to hydrate: `<RouterClient>`, whose `hydrate()` reads the state that the server render writes
 * into the page as inline `$_TSR` scripts, then sets this same field. Our CSP allows no inline
 * script but the page's hashed loader, and a prerendered page has no state to hand over (loaders
 * only start queries), so this sets the field alone. Without it the client renders boundaries the
 * HTML does not have: a hydration mismatch, and React renders the page again from scratch.
 */
export function matchPrerenderedLayout(router: AppRouter): void {
  router.ssr = { manifest: undefined }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
