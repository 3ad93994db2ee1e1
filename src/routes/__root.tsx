import type { QueryClient } from '@tanstack/react-query'
import type { DeclaredQuery } from '@/lib/page-state'
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Footer } from '@/components/layout/footer'
import { NavBar } from '@/components/layout/nav-bar'
import { NotFound } from '@/components/not-found'
import { CoinStarContext } from '@/components/coin-star'
import { AccountMenu } from '@/features/auth/components/account-menu'
import { Welcome } from '@/features/auth/components/welcome'
import { authQueries, useSignedInUser } from '@/features/auth/session'
import { WatchStar } from '@/features/watchlist/components/watch-star'
import { watchlistQueries } from '@/features/watchlist/queries'
import { WatchlistProvider } from '@/features/watchlist/components/watchlist-provider'
import { SearchButton } from '@/features/search/components/search-button'
import '@/styles/global.css'

export const Route = createRootRouteWithContext<{
  queryClient: QueryClient
  /**
   * Declares a query the page shows: in the browser, the data a server-rendered page carries for
   * it goes into the cache, checked by the schema its options carry (src/lib/page-state.ts), then
   * Query fetches it unless the cache holds it fresh. On the server it fetches nothing: the
   * server's render has put the data it holds in the cache (src/entry-server.tsx), and the build's
   * prerender bakes no live data into a page (src/router.ts).
   */
  prefetch: QueryClient['prefetchQuery']
  /** Declares a query the page shows that its own components fetch, or never: only the page's data. */
  fromPage: (query: DeclaredQuery) => void
  /**
   * The address (path and query) the server answered with its not-found page, if it did (this
   * page's own).
   */
  notFoundPath?: string | undefined
}>()({
  // Pages override these; an unknown path has no page of its own, so its head is decided here.
  head: ({ match, matches }) => ({
    links: showsBitcoinPrices(matches.at(-1)?.search) ? [BITCOIN_SIGN_PRELOAD] : [],
    meta: match._notFound
      ? [
          { title: 'Page not found — Coinvera' },
          { name: 'description', content: 'This page does not exist on Coinvera.' },
        ]
      : [
          { title: 'Coinvera' },
          {
            name: 'description',
            content: 'Coinvera: cryptocurrency prices and trends, made simple.',
          },
        ],
  }),
  // On every page: who is signed in, and their watchlist (the stars).
  loader: ({ context: { fromPage } }) => {
    fromPage(authQueries.session())
    fromPage(watchlistQueries.account())
  },
  component: RootLayout,
  notFoundComponent: NotFound,
})

/**
 * Prices in bitcoin start with ₿, drawn by a one-glyph font (src/styles/base.css) that Chromium
 * would fetch only once it lays the first price out, leaving the sign blank until it came. Asked
 * for in the head, it is here before the rows.
 */
const BITCOIN_SIGN_PRELOAD = {
  rel: 'preload',
  href: '/fonts/bitcoin-sign-400.otf',
  as: 'font',
  type: 'font/otf',
  crossOrigin: 'anonymous',
} as const
const showsBitcoinPrices = (search: unknown) =>
  (search as { currency?: unknown } | undefined)?.currency === 'btc'

// The nav bar is shared UI and knows no feature: the account area is handed to it here.
const account = (closeMenu: () => void) => <AccountMenu onNavigate={closeMenu} />

/**
 * The visitor's watchlist for the page. Its own component, so that the session settling after
 * hydration renders the provider again, not the page it wraps (children keep their identity):
 * from the root layout, that render redrew the whole page in one 143 ms task (CPU × 4).
 */
function Watchlist({ children }: { children: ReactNode }) {
  const user = useSignedInUser()
  return <WatchlistProvider signedIn={Boolean(user)}>{children}</WatchlistProvider>
}

// The watchlist's star reaches the price list, trending coins and coin pages through context:
// features import no other feature.
function RootLayout() {
  return (
    <Watchlist>
      <CoinStarContext value={WatchStar}>
        <HeadContent />
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <NavBar account={account} search={<SearchButton />} />
        <main id="main" tabIndex={-1}>
          <Welcome />
          <Outlet />
        </main>
        <Footer />
      </CoinStarContext>
    </Watchlist>
  )
}
