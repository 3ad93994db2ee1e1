import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { Footer } from '@/components/layout/footer'
import { NavBar } from '@/components/layout/nav-bar'
import { NotFound } from '@/components/not-found'
import { AccountMenu } from '@/features/auth/components/account-menu'
import { SearchButton } from '@/features/search/components/search-button'
import '@/styles/global.css'

export const Route = createRootRouteWithContext<{
  queryClient: QueryClient
  /**
   * The address (path and query) the server answered with its not-found page, if it did (this
   * page's own).
   */
  notFoundPath?: string | undefined
}>()({
  // Pages override these; an unknown path has no page of its own, so its head is decided here.
  head: ({ match }) => ({
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
  component: RootLayout,
  notFoundComponent: NotFound,
})

// The nav bar is shared UI and knows no feature: the account area is handed to it here.
const account = (closeMenu: () => void) => <AccountMenu onNavigate={closeMenu} />

function RootLayout() {
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar account={account} search={<SearchButton />} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  )
}
