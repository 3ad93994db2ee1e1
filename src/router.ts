import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { createElement, type ReactNode, Suspense } from 'react'
import { RouteError } from '@/components/route-error'
import { RoutePending } from '@/components/route-pending'
import type { CarriedPage, DeclaredQuery } from '@/lib/page-state'
import { routeTree } from './routeTree.gen'

/**
 * The server's render wrapped in the two Suspense boundaries the browser's router renders around
 * the root route (one around its matches, one around the root match), which TanStack Router leaves
 * out on the server. Its own hydration, `<RouterClient>`, hands the server's state over in inline
 * `$_TSR` scripts, which our CSP refuses (it allows only the build's hashed scripts), and it is
 * the state it sets that drops the browser's boundaries. With the same boundaries on both sides,
 * React adopts the server's HTML as it is; without them, hydration fails (React error #418) and
 * the page is rendered again from scratch. Given through the router's `InnerWrap` option, which
 * wraps the matches; the e2e tests fail on any hydration error.
 */
function BrowserBoundaries({ children }: { children: ReactNode }) {
  return createElement(Suspense, null, createElement(Suspense, null, children))
}

export function createAppRouter(
  queryClient: QueryClient,
  {
    history,
    prerender = false,
    notFoundPath,
    page = null,
    serve,
  }: {
    history?: RouterHistory
    prerender?: boolean
    /** The state the server-rendered page carries, which the routes' loaders take. */
    page?: CarriedPage | null
    /** On the server: puts each query the routes declare in the cache, from the page's data. */
    serve?: (query: DeclaredQuery) => void
    /** The address this page was served for, when the server answered it with its not-found page. */
    notFoundPath?: string
  } = {},
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
  const declare = (query: DeclaredQuery) => serve?.(query)
  const fromPage = (query: DeclaredQuery) => page?.take(queryClient, query)
  const prefetch: QueryClient['prefetchQuery'] = async (query) => {
    fromPage(query)
    // The page's lists are first settled against those stored on an earlier visit (src/main.tsx),
    // so only what is stale after both is fetched.
    if (page) await page.settled
    return queryClient.prefetchQuery(query)
  }
  return createRouter({
    routeTree,
    history,
    context: {
      queryClient,
      // Rendered on the server, a page shows the data the server gathered (or none) for the
      // queries its routes declare, each put in the cache as it is declared, and fetches nothing.
      fromPage: prerender ? declare : fromPage,
      prefetch: prerender ? async (query) => declare(query) : prefetch,
      notFoundPath,
    },
    defaultPreload: 'intent',
    // TanStack Query owns freshness, so the router always calls loaders and lets Query decide.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    // When prerendering, restoration would add an inline script, which our CSP refuses.
    scrollRestoration: prerender ? false : restoreScroll,
    InnerWrap: prerender ? BrowserBoundaries : undefined,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
  interface StaticDataRouteOption {
    /** The page shows a signed-in visitor's own data: signing out leaves it (features/auth/sign-out.ts). */
    needsAccount?: boolean
  }
}
