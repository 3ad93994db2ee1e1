import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import coinsBitcoin from '../../../mocks/fixtures/coins-bitcoin.json'
import { server } from '../../../mocks/node'
import { unavailable } from '@/components/unavailable-note'
import { coinQueries, fetchCoin, fetchCoinChart, isUnknownCoin } from './queries'

describe('coin queries', () => {
  it('ask for the detail with the exact query and read the data-source headers', async () => {
    let query = ''
    server.use(
      http.get('*/coins/bitcoin', ({ request }) => {
        query = new URL(request.url).search
        return HttpResponse.json(coinsBitcoin, {
          headers: { 'X-Data-Source': 'stale', 'X-Data-Updated-At': '2026-11-23T08:59:12.148Z' },
        })
      }),
    )
    const { coin, meta } = await fetchCoin('bitcoin')
    expect(query).toBe(
      '?localization=false&tickers=false&market_data=true&community_data=false&developer_data=false&sparkline=false',
    )
    expect(coin.name).toBe('Bitcoin')
    expect(meta).toEqual({ source: 'stale', updatedAt: '2026-11-23T08:59:12.148Z' })
  })

  it('ask for the chart of a range in its days and its currency', async () => {
    let query = ''
    server.use(
      http.get('*/coins/ethereum/market_chart', ({ request }) => {
        query = new URL(request.url).search
        return HttpResponse.json({
          prices: [
            [1, 2],
            [3, null],
          ],
        })
      }),
    )
    const { chart, meta } = await fetchCoinChart('ethereum', '1y', 'usd')
    expect(query).toBe('?vs_currency=usd&days=365')
    expect(chart.prices).toEqual([[1, 2]])
    expect(meta.source).toBeNull()
    await fetchCoinChart('ethereum', '24h', 'eth')
    expect(query).toBe('?vs_currency=eth&days=1')
  })

  it('keep each offered currency of the detail, in one answer', async () => {
    const { coin } = await fetchCoin('bitcoin')
    const price = coin.market_data?.current_price
    expect(price?.usd).toBe(coinsBitcoin.market_data.current_price.usd)
    expect(price?.eur).toBe(coinsBitcoin.market_data.current_price.eur)
    for (const currency of ['gbp', 'jpy', 'btc', 'eth'] as const) {
      expect(price?.[currency], currency).toEqual(expect.any(Number))
    }
  })

  it('keep the server TTLs and every input in the key', () => {
    expect(coinQueries.detail('bitcoin').staleTime).toBe(60_000)
    expect(coinQueries.chart('bitcoin', '24h', 'usd').staleTime).toBe(5 * 60_000)
    expect(coinQueries.chart('bitcoin', '30d', 'eur').staleTime).toBe(30 * 60_000)
    expect(coinQueries.chart('bitcoin', '7d', 'eur').queryKey).toEqual([
      'coin',
      'bitcoin',
      'chart',
      'eur',
      '7d',
    ])
  })

  it('name an unknown coin, and why there is no data with when to ask again', async () => {
    server.use(
      http.get('*/coins/nope', () =>
        HttpResponse.json({ error: 'unknown_coin', message: 'No such coin.' }, { status: 404 }),
      ),
      http.get('*/coins/busy', () =>
        HttpResponse.json(
          { error: 'upstream_busy', message: 'Busy.' },
          { status: 503, headers: { 'Retry-After': '7' } },
        ),
      ),
      http.get('*/coins/limited', () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Slow down.' },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
      http.get('*/coins/offline', () =>
        HttpResponse.json(
          { error: 'upstream_unavailable', message: 'Unreachable.' },
          { status: 503, headers: { 'Retry-After': '15' } },
        ),
      ),
    )
    const unknown = await fetchCoin('nope').catch((error: unknown) => error)
    expect(isUnknownCoin(unknown)).toBe(true)
    expect(unavailable(unknown)).toBeNull()
    const busy = await fetchCoin('busy').catch((error: unknown) => error)
    expect(busy).toBeInstanceOf(ApiError)
    expect(unavailable(busy)).toEqual({ reason: 'busy', seconds: 7 })
    expect(isUnknownCoin(busy)).toBe(false)
    const limited = await fetchCoin('limited').catch((error: unknown) => error)
    expect(unavailable(limited)).toEqual({ reason: 'limited', seconds: 30 })
    const offline = await fetchCoin('offline').catch((error: unknown) => error)
    expect(unavailable(offline)).toEqual({ reason: 'offline', seconds: 15 })
  })
})
