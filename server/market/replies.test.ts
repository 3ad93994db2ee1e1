import { describe, expect, it } from 'vitest'
import { MARKETS_PARAMS } from '../../src/features/market/schemas'
import { MarketCache } from './cache'
import { type MarketAnswer, marketReplies } from './replies'
import type { MarketCaches } from './service'

const MARKETS_QUERY = new URLSearchParams(
  Object.entries(MARKETS_PARAMS).map(([key, value]) => [key, String(value)]),
).toString()

function caches(load: () => Promise<unknown>, now = { ms: 1_000_000 }): MarketCaches {
  const cache = (name: string) =>
    new MarketCache({
      name,
      ttlMs: 60_000,
      load,
      sample: { data: [], updatedAt: new Date(0) },
      clock: { now: () => now.ms },
      firstWaitMs: 1000,
    })
  // The replies only serialize what the caches hold; its shape is not their business.
  return { markets: cache('markets'), trending: cache('trending') } as MarketCaches
}

async function filled(c: MarketCaches): Promise<MarketCaches> {
  await c.markets.refresh()
  await c.trending.refresh()
  return c
}

const refusal = (answer: MarketAnswer) =>
  answer.kind === 'refusal' ? { code: answer.code, headers: answer.headers } : answer.kind

describe('marketReplies', () => {
  it('answers the site query from a filled cache with one prepared reply object', async () => {
    const replies = marketReplies(await filled(caches(async () => [{ id: 'bitcoin' }])))
    const first = replies('GET', '/api/market/coins/markets', MARKETS_QUERY)
    expect(first).toMatchObject({ kind: 'reply', status: 200, dataSource: 'cache' })
    if (first.kind !== 'reply') return
    expect(new TextDecoder().decode(first.body)).toBe('[{"id":"bitcoin"}]')
    expect(first.headers['Content-Length']).toBe(String(first.body.byteLength))
    expect(replies('HEAD', '/api/market/coins/markets', MARKETS_QUERY)).toBe(first)
    // The same parameters in another order are the same query.
    const reordered = [...new URLSearchParams(MARKETS_QUERY)].reverse()
    expect(
      replies('GET', '/api/market/coins/markets', new URLSearchParams(reordered).toString()),
    ).toBe(first)
    expect(replies('GET', '/api/market/search/trending', '')).toMatchObject({ kind: 'reply' })
  })

  it('refuses other paths, methods and queries, in that order', async () => {
    const replies = marketReplies(await filled(caches(async () => [])))
    expect(refusal(replies('POST', '/api/market/coins/list', 'x=1'))).toMatchObject({
      code: 'not_found',
    })
    expect(refusal(replies('GET', '/api/market/coins/markets/', MARKETS_QUERY))).toMatchObject({
      code: 'not_found',
    })
    expect(refusal(replies('POST', '/api/market/search/trending', 'x=1'))).toEqual({
      code: 'method_not_allowed',
      headers: { Allow: 'GET, HEAD' },
    })
    for (const query of [
      '',
      `${MARKETS_QUERY}&page=2`,
      MARKETS_QUERY.replace('page=1', 'page=2'),
    ]) {
      expect(refusal(replies('GET', '/api/market/coins/markets', query))).toMatchObject({
        code: 'unsupported_parameters',
      })
    }
    expect(refusal(replies('GET', '/api/market/search/trending', 'x'))).toMatchObject({
      code: 'unsupported_parameters',
    })
  })

  it('on an empty cache starts nothing until the pending reply is asked for', async () => {
    let loads = 0
    const replies = marketReplies(
      caches(async () => {
        loads++
        return [{ id: 'eth' }]
      }),
    )
    const answer = replies('GET', '/api/market/search/trending', '')
    expect(answer.kind).toBe('pending')
    expect(loads).toBe(0)
    if (answer.kind !== 'pending') return
    const reply = await answer.reply()
    expect(reply).toMatchObject({ kind: 'reply', dataSource: 'live' })
    expect(loads).toBe(1)
    expect(replies('GET', '/api/market/search/trending', '')).toMatchObject({
      kind: 'reply',
      dataSource: 'cache',
    })
  })
})
