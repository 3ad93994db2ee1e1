import { dehydrate, QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query'
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { type PageState, PageStateContext } from '@/lib/page-state'
import { usePageQuery } from './hydrated'

// React warns about `act` outside a test environment it knows unless told.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

type Prices = { price: number }

// Its own request never answers: what the cache holds is what each test put there.
const prices = queryOptions({
  queryKey: ['prices'],
  queryFn: () => new Promise<Prices>(() => {}),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  retryOnMount: false,
})

/** A section as the pages write one: the price, an error panel, or a skeleton. */
function Section() {
  const query = usePageQuery(prices)
  if (query.data) return <p className="price">Price {query.data.price}</p>
  if (query.isError) return <p className="error">Could not load</p>
  return <p className="skeleton">Loading</p>
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

const page = (queryClient: QueryClient, state: PageState | null) => (
  <PageStateContext value={state}>
    <QueryClientProvider client={queryClient}>
      <Section />
    </QueryClientProvider>
  </PageStateContext>
)

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

/**
 * The server's HTML for a page rendered with `rendered` (none: prerendered), hydrated in a
 * browser whose cache already holds what `browser` puts there. Hydration errors are collected.
 */
async function hydrate(rendered: Prices | null, browser: (queryClient: QueryClient) => unknown) {
  const server = client()
  if (rendered) server.setQueryData(prices.queryKey, rendered)
  const state: PageState | null = rendered ? dehydrate(server) : null
  const container = document.createElement('div')
  container.innerHTML = renderToString(page(server, state))
  document.body.append(container)
  const serverElement = container.firstElementChild
  const serverText = container.textContent

  const queryClient = client()
  await browser(queryClient)
  const errors: unknown[] = []
  await act(async () => {
    root = hydrateRoot(container, page(queryClient, state), {
      onRecoverableError: (error) => errors.push(error),
    })
  })
  return { container, serverElement, serverText, errors, queryClient }
}

describe('usePageQuery', () => {
  it("hydrates the server's data, then shows the newer data the cache already held", async () => {
    const page = await hydrate({ price: 100 }, (queryClient) =>
      // A list stored on an earlier visit, or a refresh that answered before this part hydrated.
      queryClient.setQueryData(prices.queryKey, { price: 120 }),
    )
    expect(page.serverText).toBe('Price 100')
    expect(page.errors).toEqual([])
    // Adopted, not drawn again: the server's element, now with the cache's price.
    expect(page.container.firstElementChild).toBe(page.serverElement)
    expect(page.container).toHaveTextContent('Price 120')
    // And each later answer is drawn.
    await act(async () => {
      page.queryClient.setQueryData(prices.queryKey, { price: 130 })
      // TanStack Query tells its observers in a task of its own.
      await new Promise((resolve) => setTimeout(resolve, 10))
    })
    expect(page.container).toHaveTextContent('Price 130')
  })

  it("keeps a prerendered page's skeleton while hydrating, then shows a failure", async () => {
    const { container, serverElement, serverText, errors } = await hydrate(null, (queryClient) =>
      queryClient
        .fetchQuery({ ...prices, queryFn: () => Promise.reject(new Error('offline')) })
        .catch(() => {}),
    )
    expect(serverText).toBe('Loading')
    expect(errors).toEqual([])
    expect(container.firstElementChild).toBe(serverElement)
    expect(container).toHaveTextContent('Could not load')
  })
})
