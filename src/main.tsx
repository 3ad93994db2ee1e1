import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { lazy, StrictMode, Suspense, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { marketQueries } from '@/features/market/queries'
import { createQueryClient, DAY_MS } from '@/lib/query-client'
import { createAppRouter } from './router'

// Dev-only: `import.meta.env.DEV` is false in production builds, so the bundler drops this chunk.
const Devtools = lazy(() => import('@/components/devtools').then((m) => ({ default: m.Devtools })))

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

const app = (
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: DAY_MS,
        // A new release may change the data's shape: start from an empty cache.
        buster: __APP_VERSION__,
        // Only market data is worth keeping; restoring happens after hydration, so the first
        // render matches the prerendered skeletons.
        dehydrateOptions: {
          shouldDehydrateQuery: (query) =>
            query.queryKey[0] === marketKey && query.state.status === 'success',
        },
      }}
    >
      <RouterProvider router={router} />
      {import.meta.env.DEV ? (
        <Suspense>
          <Devtools router={router} />
        </Suspense>
      ) : null}
    </PersistQueryClientProvider>
  </StrictMode>
)

/** Lets the browser run input and rendering between two long pieces of start-up work. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function start() {
  if (import.meta.env.MODE === 'mock') {
    const { worker } = await import('../mocks/browser')
    await worker.start({ onUnhandledRequest: 'bypass' })
  }
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')

  if (container.firstElementChild) {
    // Prerendered page (scripts/prerender.ts): render exactly what the server rendered, which
    // means the router's SSR layout (no outer Suspense) and this page's code loaded first.
    router.ssr = { manifest: undefined }
    // Evaluating the bundle was one long task already; matching and loading the route is another.
    await yieldToMain()
    await router.load()
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (one long task on a slow phone).
    startTransition(() => {
      hydrateRoot(container, app)
    })
  } else {
    createRoot(container).render(app)
  }
}

void start()
