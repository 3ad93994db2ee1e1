// Build-time prerendering (scripts/prerender.ts) renders each path through the real route tree.
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from './router'

export async function render(path: string): Promise<string> {
  // Loaders skip market data when prerendering: live prices are never baked into HTML.
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, {
    history: createMemoryHistory({ initialEntries: [path] }),
    prerender: true,
  })
  await router.load()
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  )
}
