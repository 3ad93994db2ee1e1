import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/http'
import { server } from '../../../mocks/node'
import { fetchMarkets, fetchTrending, marketQueries } from './queries'
import { MARKETS_PARAMS } from '@contract/market'

describe('marketQueries', () => {
  afterEach(() => vi.useRealTimers())

  it('asks with exactly the parameters its key holds', async () => {
    let asked: Record<string, string> | undefined
    server.use(
      http.get('*/coins/markets', ({ request }) => {
        asked = Object.fromEntries(new URL(request.url).searchParams)
        return HttpResponse.json([])
      }),
    )
    const options = marketQueries.markets()
    await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options)
    const inKey = options.queryKey.find((part) => typeof part === 'object')
    expect(asked).toEqual(
      Object.fromEntries(Object.entries(inKey ?? {}).map(([name, value]) => [name, String(value)])),
    )
  })

  it.each([
    {
      name: 'markets',
      observe: (client: QueryClient) => new QueryObserver(client, marketQueries.markets()),
      path: '*/coins/markets',
      body: [],
      interval: 60_000,
    },
    {
      name: 'trending',
      observe: (client: QueryClient) => new QueryObserver(client, marketQueries.trending()),
      path: '*/search/trending',
      body: { coins: [] },
      interval: 5 * 60_000,
    },
  ])(
    'refreshes $name on its interval while shown, and not once nobody shows it',
    async ({ observe, path, body, interval }) => {
      // Only the interval is faked: ky's timeout and MSW keep their real timers.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
      let requests = 0
      server.use(
        http.get(path, () => {
          requests += 1
          return HttpResponse.json(body)
        }),
      )
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      const observer = observe(client)
      const unsubscribe = observer.subscribe(() => {})
      await expect.poll(() => observer.getCurrentResult().status).toBe('success')
      expect(requests).toBe(1)

      vi.advanceTimersByTime(interval - 1_000)
      expect(client.isFetching()).toBe(0)
      vi.advanceTimersByTime(1_000)
      expect(client.isFetching()).toBe(1)
      await expect.poll(() => requests).toBe(2)
      await expect.poll(() => client.isFetching()).toBe(0)

      unsubscribe()
      vi.advanceTimersByTime(interval * 2)
      expect(client.isFetching()).toBe(0)
      expect(requests).toBe(2)
    },
  )
})

describe('fetchMarkets', () => {
  it('asks our server for exactly the six coins the page shows', async () => {
    let url: URL | undefined
    server.use(
      http.get('*/coins/markets', ({ request }) => {
        url = new URL(request.url)
        return HttpResponse.json([])
      }),
    )
    await fetchMarkets(MARKETS_PARAMS)
    expect(url?.origin + (url?.pathname ?? '')).toBe(
      'http://localhost:3000/api/market/coins/markets',
    )
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: '6',
      page: '1',
      sparkline: 'false',
      locale: 'en',
    })
  })

  it('reads where the data came from', async () => {
    server.use(
      http.get('*/coins/markets', () =>
        HttpResponse.json([], {
          headers: { 'X-Data-Source': 'stale', 'X-Data-Updated-At': '2026-11-23T14:05:00.000Z' },
        }),
      ),
    )
    const { meta } = await fetchMarkets(MARKETS_PARAMS)
    expect(meta).toEqual({ source: 'stale', updatedAt: '2026-11-23T14:05:00.000Z' })
  })

  it('has no source when the upstream is CoinGecko itself', async () => {
    const { coins, meta } = await fetchMarkets(MARKETS_PARAMS)
    expect(coins).toHaveLength(6)
    expect(meta).toEqual({ source: null, updatedAt: null })
  })

  it.each([
    [
      'an HTML page',
      () =>
        new HttpResponse('<!doctype html><p>hi</p>', { headers: { 'Content-Type': 'text/html' } }),
    ],
    ['an object instead of an array', () => HttpResponse.json({ coins: [] })],
    [
      'truncated JSON',
      () =>
        new HttpResponse('[{"id":"bitcoin",', { headers: { 'Content-Type': 'application/json' } }),
    ],
  ])('turns %s into an invalid_response error', async (_label, resolver) => {
    server.use(http.get('*/coins/markets', resolver))
    await expect(fetchMarkets(MARKETS_PARAMS)).rejects.toMatchObject({
      name: 'ApiError',
      code: 'invalid_response',
    })
  })

  it('keeps the Retry-After of a 429', async () => {
    server.use(
      http.get('*/coins/markets', () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Slow down.' },
          { status: 429, headers: { 'Retry-After': '120' } },
        ),
      ),
    )
    const error = await fetchMarkets(MARKETS_PARAMS).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 120_000 })
  })

  it('reports a network failure', async () => {
    server.use(http.get('*/coins/markets', () => HttpResponse.error()))
    await expect(fetchMarkets(MARKETS_PARAMS)).rejects.toMatchObject({ code: 'network_error' })
  })
})

describe('fetchTrending', () => {
  it('calls search/trending without parameters', async () => {
    let url: URL | undefined
    server.use(
      http.get('*/search/trending', ({ request }) => {
        url = new URL(request.url)
        return HttpResponse.json({ coins: [] })
      }),
    )
    await fetchTrending()
    expect(url?.href).toBe('http://localhost:3000/api/market/search/trending')
  })

  it('keeps the first 7 of the 15 trending coins, in order', async () => {
    const { coins } = await fetchTrending()
    expect(coins.map((coin) => coin.id)).toEqual([
      'pudgy-penguins',
      'hyperliquid',
      'sui',
      'bittensor',
      'pepe',
      'ondo-finance',
      'virtual-protocol',
    ])
  })
})

describe('a query through the cache', () => {
  it('reports a wrong shape as a query error instead of throwing at render', async () => {
    server.use(http.get('*/search/trending', () => HttpResponse.json([1, 2, 3])))
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await client.prefetchQuery(marketQueries.trending())
    const state = client.getQueryState(marketQueries.trending().queryKey)
    expect(state?.status).toBe('error')
    expect(state?.error).toMatchObject({ code: 'invalid_response' })
  })
})
