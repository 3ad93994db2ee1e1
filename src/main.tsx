import { hashKey, QueryClientProvider } from '@tanstack/react-query'
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router'
import { lazy, StrictMode, Suspense, startTransition } from 'react'
import { authQueries } from '@/features/auth/session'
import { persistMarketLists } from '@/features/market/queries'
import { PAGE_STATE_ID, type PageState, PageStateContext, readCarriedPage } from '@/lib/page-state'
import { browserStorage } from '@/lib/persist'
import { createQueryClient } from '@/lib/query-client'
import { recordEarlyChoices } from '@/boot/early-choices'
import { linkedStylesheetsSettled } from '@/boot/stylesheets'
import { yieldToMain } from '@/boot/tasks'
import { type AppRouter, createAppRouter } from './router'

// Dev-only: `import.meta.env.DEV` is false in production builds, so the bundler drops this chunk.
const Devtools = lazy(() => import('@/components/devtools').then((m) => ({ default: m.Devtools })))

const queryClient = createQueryClient()

// Only the market lists are ever stored: not the session, not a mutation's variables.
const storage = browserStorage()
const syncWithPage = persistMarketLists(queryClient, storage)
// The whole-cache store of earlier releases could hold a paused sign-in, password included.
void storage?.removeItem('coinvera-cache')

const appWith = (router: AppRouter, pageState: PageState | null) => (
  <StrictMode>
    <PageStateContext value={pageState}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {import.meta.env.DEV ? (
          <Suspense>
            <Devtools router={router} />
          </Suspense>
        ) : null}
      </QueryClientProvider>
    </PageStateContext>
  </StrictMode>
)

/** Resolves once the browser has parsed the whole document. */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve()
  return new Promise((resolve) => {
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true })
  })
}

async function start() {
  // Vite's dev server serves CSS by import; the build writes other-pages.css into pages itself.
  if (import.meta.env.DEV) await import('@/styles/other-pages.css')
  if (import.meta.env.MODE === 'mock') {
    const { worker } = await import('../mocks/browser')
    await worker.start({ onUnhandledRequest: 'bypass' })
  }
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')

  // Evaluating the bundle was one task; React DOM's own start-up, the browser history (which
  // writes the history state, a round trip to the browser), the router, matching and loading the
  // route, and hydrating are each another. React DOM is imported here rather than at the top:
  // its module sets itself up when first evaluated (10-20 ms on a laptop), which made the
  // bundle's evaluation one long task.
  await yieldToMain()
  const { createRoot, hydrateRoot } = await import('react-dom/client')
  await yieldToMain()
  const history = createBrowserHistory()
  await yieldToMain()
  // The loader starts the app at the first paint, which a slow connection can bring before the
  // page's HTML is all parsed: its data (at the end of the body) would be missing, and hydrating
  // half a page would not match the server's render either; React would throw the server's HTML
  // away (error #418).
  await documentParsed()
  // Dehydrated on the server, hydrated here (TanStack Query's SSR pattern): each route's loader
  // takes the data the page carries for the queries it declares (src/router.ts).
  const page = readCarriedPage(document.getElementById(PAGE_STATE_ID)?.textContent)
  // The server's not-found page is the not-found page here too, whatever route the address matches
  // (a coin the market source does not know, a page past the list's end).
  const { pathname, search } = window.location
  const notFoundPath = page?.state.notFound ? pathname + search : undefined
  const router = createAppRouter(queryClient, { history, notFoundPath, page })
  // Every page the app may show next is styled before it starts (src/boot/stylesheets.ts).
  await linkedStylesheetsSettled()
  if (container.firstElementChild) {
    // Prerendered or server-rendered page: render exactly what the server rendered, with this
    // page's code and data loaded first.
    await yieldToMain()
    try {
      await router.load()
      if (page) {
        // Lists stored on an earlier visit win if newer; else the page's are stored, for a
        // revisit offline. Only then do the loaders' requests start, for what is still stale.
        await syncWithPage()
        // A page rendered for a signed-in visitor shows their account menu: its code is needed to
        // hydrate it as it is.
        const session = hashKey(authQueries.session().queryKey)
        if (page.state.queries.some((query) => query.queryHash === session)) {
          const { loadUserMenu } = await import('@/features/auth/components/account-menu')
          await loadUserMenu()
        }
      }
    } finally {
      page?.settle()
    }
    await yieldToMain()
    // A pick in a menu while the page hydrates is kept for the menu; any navigation ends that.
    router.subscribe('onBeforeNavigate', recordEarlyChoices())
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page.
    startTransition(() => {
      hydrateRoot(container, appWith(router, page?.state ?? null))
    })
  } else {
    page?.settle()
    createRoot(container).render(appWith(router, page?.state ?? null))
  }
}

void start()
