import { EventEmitter, once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { chartIn, marketsIn } from '../../server/market/sample/currencies'
import { UPSTREAM_CURRENCIES, CurrencySchema, DEFAULT_CURRENCY } from '@contract/currency'
import * as v from 'valibot'
import { fakeMarketListPage, madeUpCoinAnswer, madeUpListCoins } from './fake-market-list'

/**
 * The upstream paths the fake serves (below its prefix), each with its fixture in
 * `mocks/fixtures/`, the upstream's exact shape. A new upstream path is one line here; a path with
 * an id (`coins/bitcoin`) gets one line per coin it should know.
 */
export const UPSTREAM_FIXTURES = {
  'coins/markets': 'coins-markets.json',
  'search/trending': 'search-trending.json',
  global: 'global.json',
  'coins/list': 'coins-list.json',
  'coins/bitcoin': 'coins-bitcoin.json',
  // One chart for every span: a test that needs another gives its own body.
  'coins/bitcoin/market_chart': 'coins-bitcoin-market-chart-7.json',
  exchange_rates: 'exchange-rates.json',
} as const

/** A path below the prefix: one of the table's, or any other a test gives a body or fault. */
export type UpstreamPath = keyof typeof UPSTREAM_FIXTURES | (string & {})

const fixtures = new Map<string, string>(
  Object.entries(UPSTREAM_FIXTURES).map(([path, file]) => [
    path,
    readFileSync(new URL(`../../mocks/fixtures/${file}`, import.meta.url), 'utf8'),
  ]),
)

// The list's coins are known coins: their pages exist (tests/support/fake-market-list.ts).
fixtures.set(
  'coins/list',
  JSON.stringify([...JSON.parse(fixtures.get('coins/list') ?? '[]'), ...madeUpListCoins()]),
)

/** A page of the full list, for `coins/markets` asked with the list's query (`per_page=100`). */
function listPage(path: string, search: URLSearchParams): string | undefined {
  if (path !== 'coins/markets' || search.get('per_page') !== '100') return undefined
  const currency = v.safeParse(CurrencySchema, search.get('vs_currency'))
  const page = Number(search.get('page'))
  if (!currency.success || !Number.isInteger(page) || page < 1) return undefined
  return JSON.stringify(fakeMarketListPage(currency.output, page))
}

/**
 * `coins/markets` and bitcoin's chart in another currency than US dollars: the fixtures converted
 * at the fixtures' rates (server/market/sample/currencies.ts), under the path and its `vs_currency`.
 */
const currencyKey = (path: string, currency: string | null) =>
  currency && currency !== DEFAULT_CURRENCY ? `${path}?vs_currency=${currency}` : path
const inDollars = (path: keyof typeof UPSTREAM_FIXTURES) => JSON.parse(fixtures.get(path) ?? '')
for (const currency of UPSTREAM_CURRENCIES) {
  if (currency === DEFAULT_CURRENCY) continue
  const markets = marketsIn(inDollars('coins/markets'), currency)
  fixtures.set(currencyKey('coins/markets', currency), JSON.stringify(markets))
  const chart = chartIn(inDollars('coins/bitcoin/market_chart'), currency, 'bitcoin')
  fixtures.set(currencyKey('coins/bitcoin/market_chart', currency), JSON.stringify(chart))
}

/**
 * A `coins/markets` fixture as a live upstream answers it: each row priced just now (its
 * `last_updated`), so the site shows the age of its fetch, not the fixture's own date.
 */
function pricedNow(fixture: string | undefined): string | undefined {
  if (fixture === undefined) return fixture
  const now = new Date().toISOString()
  const rows = JSON.parse(fixture) as Record<string, unknown>[]
  return JSON.stringify(
    rows.map((row) => ('last_updated' in row ? { ...row, last_updated: now } : row)),
  )
}

/** How the fake CoinGecko answers; each test picks the fault it needs. */
export type Behaviour =
  /**
   * The path's fixture, or `body` instead (made anew for each call when a function); after
   * `delayMs` if given, or once `until` settles (a moment the test chooses, such as "every
   * request has arrived").
   */
  | { kind: 'ok'; delayMs?: number; until?: Promise<unknown>; body?: string | (() => string) }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** A bot-check page where JSON was expected. */
  | { kind: 'html' }
  /** Valid JSON that no schema accepts. */
  | { kind: 'wrong-shape' }
  /** Reads the request and never answers. */
  | { kind: 'hang' }
  /** Drops the connection without an answer. */
  | { kind: 'reset' }

/** One request the server sent; `path` is below the prefix (`coins/markets`). */
export type UpstreamCall = {
  path: string
  query: string
  headers: IncomingMessage['headers']
  /** When it arrived (Date.now()). */
  at: number
}

export type FakeUpstream = {
  /** The base URL to give the server as MARKET_UPSTREAM_URL (prefix included). */
  url: string
  /** Every request, in order. */
  calls: UpstreamCall[]
  /**
   * How the fake answers from now on: for one path, or (without `path`) for every path, which
   * also drops what was set for single paths.
   */
  behave(behaviour: Behaviour, path?: UpstreamPath): void
  callsTo(path: UpstreamPath): UpstreamCall[]
  /** Resolves once `count` requests (for `path`, if given) have arrived, at once if they have. */
  called(count: number, path?: UpstreamPath): Promise<void>
  close(): Promise<void>
}

/**
 * A stand-in for CoinGecko on 127.0.0.1, serving the fixtures under `prefix` (CoinGecko's own
 * `/api/v3` unless told), for the server tests and the e2e suite alike.
 */
export async function startFakeUpstream(
  initial: Behaviour = { kind: 'ok' },
  { prefix = '/api/v3' }: { prefix?: string } = {},
): Promise<FakeUpstream> {
  let everyPath = initial
  const byPath = new Map<string, Behaviour>()
  const calls: UpstreamCall[] = []
  const arrivals = new EventEmitter().setMaxListeners(0)
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://upstream')
    // Decoded, as CoinGecko reads it: `coins/1move%20token` asks for the coin `1move token`.
    const pathname = decodeURIComponent(url.pathname)
    const path = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length + 1) : pathname
    calls.push({ path, query: url.search, headers: req.headers, at: Date.now() })
    arrivals.emit('call')
    const own = byPath.get(path)
    const b = own ?? everyPath
    const fixture =
      listPage(path, url.searchParams) ??
      madeUpCoinAnswer(path, url.searchParams) ??
      fixtures.get(currencyKey(path, url.searchParams.get('vs_currency'))) ??
      fixtures.get(path)
    // A path is known by its fixture, or by what a test set for it alone.
    if (fixture === undefined && (!own || (b.kind === 'ok' && b.body === undefined))) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}')
      return
    }
    switch (b.kind) {
      case 'ok': {
        const send = () => {
          if (res.destroyed) return
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(
              typeof b.body === 'function'
                ? b.body()
                : (b.body ?? (path === 'coins/markets' ? pricedNow(fixture) : fixture)),
            )
        }
        if (b.until) {
          void b.until.then(send, send)
          return
        }
        if (!b.delayMs) return send()
        const timer = setTimeout(() => {
          timers.delete(timer)
          send()
        }, b.delayMs)
        timers.add(timer)
        return
      }
      case 'status':
        res
          .writeHead(b.status, { 'Content-Type': 'application/json', ...b.headers })
          .end(
            b.body ??
              `{"status":{"error_code":${b.status},"error_message":"the fake upstream says no"}}`,
          )
        return
      case 'html':
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end('<!doctype html><title>Just a moment…</title><p>Checking your browser</p>')
        return
      case 'wrong-shape':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"coins":"soon"}')
        return
      case 'hang':
        return
      case 'reset':
        req.socket.destroy()
        return
    }
  }

  const callsTo = (path: UpstreamPath) => calls.filter((call) => call.path === path)

  const server = createServer(answer)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    calls,
    behave: (behaviour, path) => {
      if (path) {
        byPath.set(path, behaviour)
        return
      }
      everyPath = behaviour
      byPath.clear()
    },
    callsTo,
    called: async (count, path) => {
      while ((path ? callsTo(path) : calls).length < count) await once(arrivals, 'call')
    },
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
