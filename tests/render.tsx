import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'

/** Renders `path` through the real route tree with a fresh cache, as a visitor would land on it. */
export async function renderApp(path: string) {
  const queryClient = createQueryClient({ queries: { retry: false } })
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, router, queryClient }
}

/**
 * Wraps one component (a section that holds links) in a router of its own, with just a root
 * route: links need a router, not the app's pages.
 */
export function InRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() =>
    createRouter({
      routeTree: createRootRoute({ component: () => children }),
      history: createMemoryHistory(),
    }),
  )
  return <RouterProvider router={router} />
}
