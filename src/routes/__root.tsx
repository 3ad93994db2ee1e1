import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { Footer } from '@/components/layout/footer'
import { NavBar } from '@/components/layout/nav-bar'
import { NotFound } from '@/components/not-found'
import '@/styles/global.css'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
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

function RootLayout() {
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  )
}
