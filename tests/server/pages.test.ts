import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { type App, createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createLogger } from '../../server/logger'
import type { AppEnv } from '../../server/context'
import type { Render } from '../../server/site/pages'
import { render as renderRoute } from '../../src/entry-server'
import { type ManualClock, manualClock } from './helpers/clock'
import { type Behaviour, type FakeUpstream, startFakeUpstream } from '../support/fake-upstream'
import { removeDir } from './helpers/pglite'
import { setUpTestDb } from './helpers/server'
import { makeSite, SHELL_HTML } from './helpers/site-fixture'
import { marketsIn } from '../../server/market/sample/currencies'
import coinsMarkets from '../../mocks/fixtures/coins-markets.json'
import { formatCompactMoney } from '../../src/features/market/format'
import { formatNumber, formatPrice } from '../../src/lib/format'

// The real route renderer (src/entry-server.tsx) over the real app, cache and a fake CoinGecko.
const MARKETS = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/coins-markets.json', import.meta.url), 'utf8'),
) as Record<string, unknown>[]
const BITCOIN = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/coins-bitcoin.json', import.meta.url), 'utf8'),
)
const HOSTILE = '</script><script>alert(1)</script>'
const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  '  <url><loc>https://coinvera.example/</loc><priority>1.0</priority></url>\n</urlset>\n'
// The coin pages' prerendered template: a generic head, repeated in its social tags.
const COIN_TEMPLATE = SHELL_HTML.replace(
  '<title>Coinvera</title>',
  '<title>Coin price — Coinvera</title><meta name="description" content="Generic."/>' +
    '<meta property="og:title" content="Coin price — Coinvera"/>',
)

const testDb = setUpTestDb()
let upstream: FakeUpstream | undefined
let siteDir: string | undefined
let logs: Record<string, unknown>[] = []

afterEach(async () => {
  await upstream?.close()
  if (siteDir) removeDir(siteDir)
  upstream = undefined
  siteDir = undefined
})

type Setup = { app: App['app']; caches: App['caches']; clock: ManualClock; renders: () => number }

async function setup(
  behaviour: Behaviour,
  {
    render = renderRoute,
    marketsBody,
    env = {},
  }: { render?: Render; marketsBody?: unknown; env?: Record<string, string> } = {},
): Promise<Setup> {
  upstream = await startFakeUpstream(behaviour)
  if (marketsBody)
    upstream.behave({ kind: 'ok', body: JSON.stringify(marketsBody) }, 'coins/markets')
  siteDir = await makeSite(
    {
      'crypto/index.html': SHELL_HTML,
      'coins/template.html': COIN_TEMPLATE,
      'sitemap.xml': SITEMAP,
    },
    'https://coinvera.example',
  )
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    CLIENT_DIR: siteDir,
    MARKET_UPSTREAM_URL: upstream.url,
    LOG_LEVEL: 'info',
    ...env,
  })
  logs = []
  const logger = createLogger('info', { write: (line: string) => void logs.push(JSON.parse(line)) })
  const clock = manualClock()
  let count = 0
  const counting: Render = (path, lists) => {
    count++
    return render(path, lists)
  }
  const { app, caches } = createApp({ config, db: testDb.db, logger, clock, render: counting })
  return { app, caches, clock, renders: () => count }
}

const page = (s: Setup, path: string, headers: Record<string, string> = {}) =>
  s.app.request(path, { headers: { 'Accept-Encoding': 'identity', ...headers } })

/** A page as the client at `address` asks for it (its socket's peer). */
const pageFrom = (s: Setup, address: string, path: string) =>
  s.app.request(path, { headers: { 'Accept-Encoding': 'identity' } }, {
    incoming: { socket: { remoteAddress: address } },
  } as unknown as AppEnv['Bindings'])

/** The title a coin page arrived with: the coin's when rendered, the template's otherwise. */
const titleOf = async (response: Response) =>
  (await response.text()).match(/<title>([^<]*)<\/title>/)?.[1]
const TEMPLATE_TITLE = 'Coin price — Coinvera'
const BITCOIN_TITLE = 'Bitcoin (BTC) price — Coinvera'

/** The coin renders the server keeps, as its health detail tells a caller on this machine. */
async function coinRenders(s: Setup): Promise<{ pages: number; bytes: number; maxBytes: number }> {
  const detail = await pageFrom(s, '127.0.0.1', '/api/health/detail')
  return (await detail.json()).coinRenders
}

/** What a page's data block holds of a market list: its coins (when a price list) and meta. */
type ListData = { coins?: { name: string }[]; meta: { source: string; updatedAt: string } }

/** The page's dehydrated query cache, as the browser reads it. */
function pageState(html: string): {
  queries: { queryKey: unknown[]; state: { data: ListData } }[]
} {
  const match = html.match(/<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/)
  if (!match) throw new Error('no page-state block in the page')
  return JSON.parse(match[1] as string)
}

const rows = (html: string) => (html.match(/<tr[ >]/g) ?? []).length - 1 // less the header row

describe('pages rendered with market data', () => {
  it('carry the cached prices, the trending coins and the attribution in the HTML', async () => {
    const s = await setup({ kind: 'ok' })
    const response = await page(s, '/')
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(rows(html)).toBe(6)
    expect(html).toContain('$97,412.00')
    expect(html).toContain('Pudgy Penguins')
    expect(html).toContain('Data provided by')
    expect(html).not.toContain('Loading prices')
    // The head is the prerendered page's own: the render's title is not repeated in the body.
    expect(html.match(/<title>/g)).toHaveLength(1)
    const keys = pageState(html).queries.map((q) => q.queryKey[1])
    expect(keys.sort()).toEqual(['global', 'markets', 'trending'])
    // The CSP is the prerendered page's: the data block needs no hash, as it never runs.
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline')
  })

  it('render once per change of the data, not per request', async () => {
    const s = await setup({ kind: 'ok' })
    const first = await Promise.all(Array.from({ length: 20 }, () => page(s, '/crypto')))
    expect(new Set(await Promise.all(first.map((r) => r.text()))).size).toBe(1)
    expect(s.renders()).toBe(1)
    await Promise.all(Array.from({ length: 20 }, () => page(s, '/crypto')))
    expect(s.renders()).toBe(1)

    // The upstream's price moves; once the TTL has passed, the page carries the new price.
    const moved = MARKETS.map((coin, i) => (i === 0 ? { ...coin, current_price: 12345.67 } : coin))
    upstream?.behave({ kind: 'ok', body: JSON.stringify(moved) }, 'coins/markets')
    s.clock.advance(61_000)
    // The first request after the TTL waits for the refresh its read started.
    const fresh = await (await page(s, '/crypto')).text()
    expect(fresh).toContain('$12,345.67')
    expect(fresh).not.toContain('Prices as of')
    const renders = s.renders()
    await Promise.all(Array.from({ length: 10 }, () => page(s, '/crypto')))
    expect(s.renders()).toBe(renders)
  })

  it('render each currency from its own list, once per page, currency and data version', async () => {
    const s = await setup({ kind: 'ok' })
    const euros = formatPrice(marketsIn(coinsMarkets, 'eur')[0]?.current_price, 'eur')
    const eur = await Promise.all(Array.from({ length: 10 }, () => page(s, '/crypto?currency=eur')))
    const html = await eur[0]?.text()
    expect(html).toContain(euros)
    expect(html).not.toContain('$97,412.00')
    expect(html).toContain('in euros')
    const global = JSON.parse(
      readFileSync(new URL('../../mocks/fixtures/global.json', import.meta.url), 'utf8'),
    )
    expect(html).toContain(formatCompactMoney(global.data.total_market_cap.eur, 'eur'))
    // The data block holds the list under the query key the browser uses for euros.
    const markets = pageState(html ?? '').queries.find((q) => q.queryKey[1] === 'markets')
    expect(markets?.queryKey[2]).toMatchObject({ vs_currency: 'eur' })
    expect(s.renders()).toBe(1)

    const usd = await (await page(s, '/crypto')).text()
    expect(usd).toContain('$97,412.00')
    expect(s.renders()).toBe(2)
    // The same renders again: an explicit default, and an unknown currency, are the default's.
    await page(s, '/crypto?currency=eur')
    expect(await (await page(s, '/crypto?currency=usd')).text()).toBe(usd)
    expect(await (await page(s, '/crypto?currency=doge')).text()).toBe(usd)
    expect(s.renders()).toBe(2)
    // Each currency's list was asked for once.
    const asked = upstream
      ?.callsTo('coins/markets')
      .map((c) => new URLSearchParams(c.query).get('vs_currency'))
    expect(asked?.sort()).toEqual(['eur', 'usd'])
  })

  it('revalidate by ETag: a revisit within the TTL costs a 304 that keeps the CSP', async () => {
    const s = await setup({ kind: 'ok' })
    const response = await page(s, '/')
    const etag = response.headers.get('etag') as string
    expect(etag).toMatch(/^W\/"/)
    expect(response.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    )
    const again = await page(s, '/', { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('content-security-policy')).toBe(
      response.headers.get('content-security-policy'),
    )
    // Compressed bodies are the same page.
    const br = await page(s, '/', { 'Accept-Encoding': 'br' })
    expect(br.headers.get('content-encoding')).toBe('br')
  })

  it('fall back to the prerendered page when rendering fails, never a 5xx', async () => {
    const s = await setup(
      { kind: 'ok' },
      {
        render: async () => {
          throw new Error('render broke')
        },
      },
    )
    const response = await page(s, '/')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(SHELL_HTML)
    expect(logs.some((line) => line.msg?.toString().startsWith('page render failed'))).toBe(true)
    // Once per data version, not once per request.
    await page(s, '/')
    expect(s.renders()).toBe(1)
  })

  it('carry the sample data, labelled, when the upstream is down', async () => {
    const s = await setup({ kind: 'status', status: 500 })
    const html = await (await page(s, '/crypto')).text()
    expect(rows(html)).toBe(6)
    // Labelled in the heading, the reason in the note, and no age that would read as real.
    expect(html).toContain('<span class="sample-badge">Sample data</span>')
    expect(html).toContain('Live prices are unavailable')
    expect(pageState(html).queries[0]?.state.data.meta.source).toBe('sample')
  })

  it('escape a hostile coin name in the HTML and in the data block', async () => {
    const hostile = MARKETS.map((coin, i) => (i === 0 ? { ...coin, name: HOSTILE } : coin))
    const s = await setup({ kind: 'ok' }, { marketsBody: hostile })
    const html = await (await page(s, '/crypto')).text()
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)')
    const coins = pageState(html).queries[0]?.state.data.coins ?? []
    expect(coins[0]?.name).toBe(HOSTILE)
    // The only scripts in the page are the block itself (the fixture's shell has its own module).
    expect(html.match(/<script/g)?.length).toBe(2)
  })

  it('hold nothing of the visitor: the same page with or without a session', async () => {
    const s = await setup({ kind: 'ok' })
    const anonymous = await (await page(s, '/')).text()
    const cookie = 'coinvera_session=abc123; coinvera_signed_in=1'
    const signedIn = await page(s, '/', { Cookie: cookie })
    expect(await signedIn.text()).toBe(anonymous)
    expect(signedIn.headers.get('cache-control')).toMatch(/^public,/)
    expect(signedIn.headers.get('set-cookie')).toBeNull()
  })

  it('leave pages without market data as prerendered', async () => {
    const s = await setup({ kind: 'ok' })
    const response = await page(s, '/contact')
    expect(await response.text()).toBe(SHELL_HTML)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(s.renders()).toBe(0)
  })

  it('carry a coin’s title, description, price and key figures', async () => {
    const s = await setup({ kind: 'ok' })
    const response = await page(s, '/coins/bitcoin')
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('<title>Bitcoin (BTC) price — Coinvera</title>')
    expect(html).toContain('<meta property="og:title" content="Bitcoin (BTC) price — Coinvera"/>')
    expect(html).toMatch(/<meta name="description" content="Bitcoin \(BTC\) price today: \$[\d,.]+/)
    expect(html.match(/<title>/g)).toHaveLength(1)
    for (const figure of ['Market cap', '24 h volume', 'All-time high'])
      expect(html).toContain(figure)
    const keys = pageState(html).queries.map((q) => q.queryKey.join('/'))
    expect(keys.sort()).toEqual(['coin/bitcoin/chart/usd/7d', 'coin/bitcoin/detail'])
    // Another range is another page, rendered with that range's chart.
    const month = await (await page(s, '/coins/bitcoin?range=30d')).text()
    expect(pageState(month).queries.map((q) => q.queryKey.join('/'))).toContain(
      'coin/bitcoin/chart/usd/30d',
    )
    // An unknown coin is the not-found page, rendered with nothing.
    const renders = s.renders()
    expect((await page(s, '/coins/no-such-coin')).status).toBe(404)
    expect(s.renders()).toBe(renders)
  })

  it('render a coin’s page in the address’s currency, its chart asked for in it', async () => {
    const s = await setup({ kind: 'ok' })
    const { current_price, market_cap } = BITCOIN.market_data
    const html = await (await page(s, '/coins/bitcoin?currency=gbp&range=30d')).text()
    expect(html).toContain(formatPrice(current_price.gbp, 'gbp'))
    expect(html).toContain(`£${formatNumber(market_cap.gbp)}`)
    expect(html).not.toContain(formatPrice(current_price.usd))
    expect(html).toMatch(/<meta name="description" content="Bitcoin \(BTC\) price today: £[\d,.]+/)
    expect(html).toContain('in pounds sterling')
    const keys = pageState(html).queries.map((q) => q.queryKey.join('/'))
    expect(keys.sort()).toEqual(['coin/bitcoin/chart/gbp/30d', 'coin/bitcoin/detail'])
    expect(upstream?.callsTo('coins/bitcoin/market_chart').map((c) => c.query)).toContain(
      '?vs_currency=gbp&days=30',
    )
    // The default currency, named or unknown, is the page without it.
    const plain = await (await page(s, '/coins/bitcoin')).text()
    expect(plain).toContain(formatPrice(current_price.usd))
    const renders = s.renders()
    expect(await (await page(s, '/coins/bitcoin?currency=usd')).text()).toBe(plain)
    expect(await (await page(s, '/coins/bitcoin?currency=xau')).text()).toBe(plain)
    expect(s.renders()).toBe(renders)
  })

  it('list the current top coins’ pages in the sitemap', async () => {
    const s = await setup({ kind: 'ok' })
    const response = await page(s, '/sitemap.xml')
    const xml = await response.text()
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs[0]).toBe('https://coinvera.example/')
    // The price list's six and the trending seven, each once.
    expect(locs).toContain('https://coinvera.example/coins/bitcoin')
    expect(locs.filter((loc) => loc?.includes('/coins/')).length).toBeGreaterThanOrEqual(6)
    expect(new Set(locs).size).toBe(locs.length)
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
  })

  it('list the coin pages under the run-time SITE_URL, whatever origin the build had', async () => {
    const s = await setup({ kind: 'ok' }, { env: { SITE_URL: 'https://live.coinvera.example/' } })
    const xml = await (await page(s, '/sitemap.xml')).text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs[0]).toBe('https://live.coinvera.example/')
    expect(locs).toContain('https://live.coinvera.example/coins/bitcoin')
    expect(xml).not.toContain('https://coinvera.example/')
  })
})

describe('coin renders', () => {
  it('count against a per-client limit: past it, the template, unless the page is rendered already', async () => {
    const s = await setup({ kind: 'ok' }, { env: { COIN_RENDER_RATE_LIMIT: '2' } })
    const a = (path: string) => pageFrom(s, '192.0.2.1', path)
    expect(await titleOf(await a('/coins/bitcoin'))).toBe(BITCOIN_TITLE)
    // Requests that share a render, or find it done, cost nothing.
    await Promise.all(Array.from({ length: 5 }, () => a('/coins/bitcoin?range=30d')))
    expect(s.renders()).toBe(2)
    const refused = await a('/coins/bitcoin?range=1y')
    expect(refused.status).toBe(200)
    expect(refused.headers.get('cache-control')).toBe('no-cache')
    expect(await titleOf(refused)).toBe(TEMPLATE_TITLE)
    expect(await titleOf(await a('/coins/bitcoin?currency=eur'))).toBe(TEMPLATE_TITLE)
    expect(s.renders()).toBe(2)
    // Pages rendered already are still served whole.
    expect(await titleOf(await a('/coins/bitcoin?range=30d'))).toBe(BITCOIN_TITLE)
    // Another client has a share of its own, and what it renders is there for everyone.
    expect(await titleOf(await pageFrom(s, '192.0.2.2', '/coins/bitcoin?range=1y'))).toBe(
      BITCOIN_TITLE,
    )
    expect(await titleOf(await a('/coins/bitcoin?range=1y'))).toBe(BITCOIN_TITLE)
    expect(s.renders()).toBe(3)
    // The next minute, a share again.
    s.clock.advance(60_000)
    expect(await titleOf(await a('/coins/bitcoin?currency=eur'))).toBe(BITCOIN_TITLE)
  })

  it('are kept within a size in bytes: past it, the least recently asked for goes', async () => {
    const s = await setup(
      { kind: 'ok' },
      // Calls enough for every chart: each render carries one, of a year's hours.
      {
        env: {
          COIN_RENDER_CACHE_MB: '1',
          COIN_RENDER_RATE_LIMIT: '1000',
          UPSTREAM_CALLS_PER_MIN: '250',
        },
      },
    )
    const hours = Array.from({ length: 8760 }, (_, i) => [i * 3_600_000, 90_000 + i / 7])
    upstream?.behave(
      { kind: 'ok', body: JSON.stringify({ prices: hours }) },
      'coins/bitcoin/market_chart',
    )
    const ranges = ['24h', '7d', '30d', '1y']
    const paths = ['usd', 'eur', 'gbp', 'jpy', 'btc', 'eth'].flatMap((currency) =>
      ranges.map((range) => `/coins/bitcoin?range=${range}&currency=${currency}`),
    )
    for (const path of paths) expect(await titleOf(await page(s, path))).toBe(BITCOIN_TITLE)
    expect(s.renders()).toBe(paths.length)
    const kept = await coinRenders(s)
    expect(kept.maxBytes).toBe(2 ** 20)
    expect(kept.bytes).toBeLessThanOrEqual(kept.maxBytes)
    expect(kept.pages).toBeGreaterThan(0)
    expect(kept.pages).toBeLessThan(paths.length)
    // The newest is kept; the first asked for was dropped, and costs a render again.
    await page(s, paths.at(-1) as string)
    expect(s.renders()).toBe(paths.length)
    await page(s, paths[0] as string)
    expect(s.renders()).toBe(paths.length + 1)
  })
})
