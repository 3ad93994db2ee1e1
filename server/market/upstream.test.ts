import { describe, expect, it } from 'vitest'
import { apiKeyHeader, createUpstream, MAX_UPSTREAM_BODY_BYTES, UpstreamError } from './upstream'

describe('apiKeyHeader', () => {
  it('sends a pro key only to the pro host, a demo key anywhere else', () => {
    expect(apiKeyHeader('https://pro-api.coingecko.com/api/v3')).toBe('x-cg-pro-api-key')
    expect(apiKeyHeader('https://api.coingecko.com/api/v3')).toBe('x-cg-demo-api-key')
    expect(apiKeyHeader('http://127.0.0.1:4000/api/v3')).toBe('x-cg-demo-api-key')
  })
})

describe('a 429 from the upstream', () => {
  const now = Date.parse('2026-06-01T12:00:00Z')
  const backoff = async (retryAfter: string | null) => {
    const upstream = createUpstream({
      baseUrl: 'https://api.coingecko.com/api/v3',
      timeoutMs: 1000,
      now: () => now,
      fetch: async () =>
        new Response('{}', {
          status: 429,
          headers: retryAfter === null ? {} : { 'Retry-After': retryAfter },
        }),
    })
    const error = await upstream.trending().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamError)
    return (error as UpstreamError).retryAfterMs
  }

  it('keeps us away as long as its Retry-After says, seconds or date, at most an hour', async () => {
    expect(await backoff('120')).toBe(120_000)
    expect(await backoff('Mon, 01 Jun 2026 12:00:30 GMT')).toBe(30_000)
    expect(await backoff('Sun, 31 May 2026 12:00:00 GMT')).toBe(0)
    expect(await backoff('999999')).toBe(3_600_000)
  })

  it('keeps us away a minute without a readable Retry-After', async () => {
    expect(await backoff(null)).toBe(60_000)
    expect(await backoff('soon')).toBe(60_000)
    expect(await backoff('-5')).toBe(60_000)
  })
})

describe('createUpstream', () => {
  it('sends the key header and exactly the site query', async () => {
    const seen: { url: string; headers: Headers }[] = []
    const upstream = createUpstream({
      baseUrl: 'https://pro-api.coingecko.com/api/v3',
      apiKey: 'k',
      timeoutMs: 1000,
      fetch: async (url, init) => {
        seen.push({ url, headers: new Headers(init.headers) })
        return new Response('[]')
      },
    })
    expect(await upstream.markets('usd')).toEqual([])
    expect(seen[0]?.url).toBe(
      'https://pro-api.coingecko.com/api/v3/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=6&page=1&sparkline=false&locale=en',
    )
    expect(seen[0]?.headers.get('x-cg-pro-api-key')).toBe('k')
    expect(seen[0]?.headers.get('x-cg-demo-api-key')).toBeNull()
  })

  it.each([
    [new Response('{}', { status: 429, headers: { 'Retry-After': '30' } }), 'rate_limited'],
    [new Response('oops', { status: 502 }), 'http_error'],
    [new Response('<html>'), 'invalid_json'],
    [new Response('{"coins":[{"nope":1}]}'), 'invalid_shape'],
  ])('classifies a bad answer (%#)', async (response, kind) => {
    const upstream = createUpstream({
      baseUrl: 'https://api.coingecko.com/api/v3',
      timeoutMs: 1000,
      fetch: async () => response,
    })
    const error = await upstream.trending().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamError)
    expect((error as UpstreamError).kind).toBe(kind)
    if (kind === 'rate_limited') expect((error as UpstreamError).retryAfterMs).toBe(30_000)
  })

  it('times out a request that never answers', async () => {
    const upstream = createUpstream({
      baseUrl: 'https://api.coingecko.com/api/v3',
      timeoutMs: 50,
      fetch: (_, init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    })
    const error = await upstream.trending().catch((e: unknown) => e)
    expect((error as UpstreamError).kind).toBe('timeout')
  })

  it('a body over 2 MiB is a failure, read no further than the cap, declared or not', async () => {
    let sent = 0
    // An endless JSON array: a body without Content-Length that never ends by itself.
    const endless = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('['))
        },
        pull(controller) {
          const chunk = new TextEncoder().encode('{"item":"x"},'.repeat(5000))
          sent += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
    const declared = new Response('[]', {
      headers: { 'Content-Length': String(MAX_UPSTREAM_BODY_BYTES + 1) },
    })
    for (const response of [new Response(endless()), declared]) {
      const upstream = createUpstream({
        baseUrl: 'https://api.coingecko.com/api/v3',
        timeoutMs: 5000,
        fetch: async () => response,
      })
      const error = await upstream.markets('usd').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UpstreamError)
      expect((error as UpstreamError).kind).toBe('too_large')
    }
    expect(sent).toBeGreaterThan(MAX_UPSTREAM_BODY_BYTES - 100_000)
    expect(sent).toBeLessThan(MAX_UPSTREAM_BODY_BYTES + 200_000)
  })
})
