import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
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
