import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { marketQueries } from '@/features/market/queries'
import { createQueryClient, DAY_MS } from '@/lib/query-client'
import { createAppRouter } from './router'

// Dev-only: `import.meta.env.DEV` is false in production builds, so the bundler drops this chunk.
const Devtools = import.meta.env.DEV
  ? lazy(() => import('@/components/devtools').then((m) => ({ default: m.Devtools })))
  : () => null

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined // storage disabled: the site still works, revisits just start empty
  }
}

const persister = createSyncStoragePersister({ storage: browserStorage(), key: 'coinvera-cache' })
const marketKey = marketQueries.all()[0]

async function start() {
  if (import.meta.env.MODE === 'mock') {
    const { worker } = await import('../mocks/browser')
    await worker.start({ onUnhandledRequest: 'bypass' })
  }
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')

  createRoot(container).render(
    <StrictMode>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister,
          maxAge: DAY_MS,
          // A new release may change the data's shape: start from an empty cache.
          buster: __APP_VERSION__,
          dehydrateOptions: {
            shouldDehydrateQuery: (query) =>
              query.queryKey[0] === marketKey && query.state.status === 'success',
          },
        }}
      >
        <RouterProvider router={router} />
        <Suspense>
          <Devtools router={router} />
        </Suspense>
      </PersistQueryClientProvider>
    </StrictMode>,
  )
}

void start()
