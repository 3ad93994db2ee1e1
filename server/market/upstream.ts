import * as v from 'valibot'
import type { UpstreamCurrency } from '@contract/currency'
import { type ExchangeRatesResponse, ExchangeRatesResponseSchema } from '@contract/exchange-rates'
import {
  type GlobalResponse,
  GlobalResponseSchema,
  marketsParams,
  type MarketsResponse,
  MarketsResponseSchema,
  type TrendingResponse,
  TrendingResponseSchema,
} from '@contract/market'
import {
  COIN_DETAIL_PARAMS,
  type ChartDays,
  type CoinDetail,
  CoinDetailSchema,
  type CoinList,
  coinListSchema,
  type MarketChart,
  MarketChartSchema,
} from '@contract/coin'
import { parseRetryAfter } from '@contract/api-error'
import {
  marketListParams,
  type MarketListResponse,
  MarketListResponseSchema,
} from '@contract/market-list'

export type UpstreamFailure =
  | 'timeout'
  | 'unreachable'
  | 'rate_limited'
  | 'http_error'
  | 'not_found'
  | 'invalid_json'
  | 'invalid_shape'
  | 'too_large'

export class UpstreamError extends Error {
  readonly kind: UpstreamFailure
  /** From a 429's `Retry-After`: how long the upstream asked us to stay away. */
  readonly retryAfterMs: number | null

  constructor(kind: UpstreamFailure, message: string, retryAfterMs: number | null = null) {
    super(message)
    this.name = 'UpstreamError'
    this.kind = kind
    this.retryAfterMs = retryAfterMs
  }
}

/** Any failure of an upstream call as an UpstreamError (anything unforeseen is `unreachable`). */
export function toUpstreamError(error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error
  return new UpstreamError('unreachable', error instanceof Error ? error.message : 'failed')
}

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>

export type UpstreamOptions = {
  baseUrl: string
  apiKey?: string | undefined
  timeoutMs: number
  fetch?: FetchFn
  now?: () => number
  /** Told of each coin a `coins/list` answer holds that the server cannot take, and why. */
  onDropped?: ((resource: string, item: unknown, reason: string) => void) | undefined
}

export type Upstream = {
  markets(currency: UpstreamCurrency, signal?: AbortSignal): Promise<MarketsResponse>
  /** These coins' rows (at most 250), for the price alerts of coins on no list we refresh. */
  marketsOf(
    currency: UpstreamCurrency,
    ids: readonly string[],
    signal?: AbortSignal,
  ): Promise<MarketsResponse>
  /** One page of the full list (`/coins`); past the last page, an empty list. */
  marketList(
    currency: UpstreamCurrency,
    page: number,
    signal?: AbortSignal,
  ): Promise<MarketListResponse>
  global(signal?: AbortSignal): Promise<GlobalResponse>
  trending(signal?: AbortSignal): Promise<TrendingResponse>
  coin(id: string, signal?: AbortSignal): Promise<CoinDetail>
  marketChart(
    id: string,
    currency: UpstreamCurrency,
    days: ChartDays,
    signal?: AbortSignal,
  ): Promise<MarketChart>
  coinList(signal?: AbortSignal): Promise<CoinList>
  /** The value of one bitcoin in every unit the upstream knows (the converted currencies' rates). */
  exchangeRates(signal?: AbortSignal): Promise<ExchangeRatesResponse>
}

// CoinGecko's answers to our queries weigh a few KiB (a year's chart some 30 KiB): anything past
// this is a fault, and is never held in memory whole.
export const MAX_UPSTREAM_BODY_BYTES = 2 * 1024 * 1024
// `coins/list` names every coin, some 17,000, and grows.
export const MAX_COIN_LIST_BYTES = 8 * 1024 * 1024

/** The body as text, or null past `maxBytes` (read no further than that). */
async function readText(response: Response, maxBytes: number): Promise<string | null> {
  if (Number(response.headers.get('Content-Length')) > maxBytes) {
    await response.body?.cancel()
    return null
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(read.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

// Without a Retry-After we still wait a minute; with one we wait at most an hour, whatever it says.
const DEFAULT_RETRY_AFTER_MS = 60_000
const MAX_RETRY_AFTER_MS = 3_600_000

/** How long a 429 keeps us away from the upstream. */
function backoffMs(retryAfter: string | null, now: number): number {
  return Math.min(parseRetryAfter(retryAfter, now) ?? DEFAULT_RETRY_AFTER_MS, MAX_RETRY_AFTER_MS)
}

/**
 * CoinGecko checks that a key matches its host: demo keys go to the public API, pro keys to
 * pro-api. Any other host (a self-hosted mirror, the tests' fake) gets the demo header.
 */
export function apiKeyHeader(baseUrl: string): string {
  return new URL(baseUrl).hostname === 'pro-api.coingecko.com'
    ? 'x-cg-pro-api-key'
    : 'x-cg-demo-api-key'
}

/** Which CoinGecko plan the key is for, by the same rule: it sets the default call budget. */
export function apiKeyKind(baseUrl: string, apiKey: string | undefined): 'none' | 'demo' | 'pro' {
  if (!apiKey) return 'none'
  return apiKeyHeader(baseUrl) === 'x-cg-pro-api-key' ? 'pro' : 'demo'
}

export function createUpstream(options: UpstreamOptions): Upstream {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init))
  const now = options.now ?? Date.now
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.apiKey) headers[apiKeyHeader(options.baseUrl)] = options.apiKey

  async function get<S extends v.GenericSchema>(
    path: string,
    query: Record<string, string | number | boolean>,
    schema: S,
    signal?: AbortSignal,
    maxBytes = MAX_UPSTREAM_BODY_BYTES,
  ): Promise<v.InferOutput<S>> {
    const url = new URL(`${options.baseUrl}/${path}`)
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value))
    // The timeout covers the whole exchange, body included.
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
    let text: string | null
    let response: Response
    try {
      response = await fetchFn(url.href, { headers, signal: combined, redirect: 'error' })
      text = await readText(response, maxBytes)
    } catch (error) {
      if (timeout.aborted) {
        throw new UpstreamError('timeout', `no answer from ${path} in ${options.timeoutMs} ms`)
      }
      const reason = error instanceof Error ? error.message : String(error)
      throw new UpstreamError('unreachable', `${path}: ${reason}`)
    }
    if (response.status === 429) {
      const retryAfterMs = backoffMs(response.headers.get('Retry-After'), now())
      throw new UpstreamError('rate_limited', `${path} answered 429`, retryAfterMs)
    }
    // A coin listed in coins/list can still be gone (delisted since the list was fetched).
    if (response.status === 404) throw new UpstreamError('not_found', `${path} answered 404`)
    if (!response.ok) {
      throw new UpstreamError('http_error', `${path} answered ${response.status}`)
    }
    if (text === null) {
      throw new UpstreamError('too_large', `${path} answered more than ${maxBytes} bytes`)
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new UpstreamError('invalid_json', `${path} did not answer JSON`)
    }
    const result = v.safeParse(schema, body)
    if (!result.success) {
      throw new UpstreamError('invalid_shape', `${path}: ${v.summarize(result.issues)}`)
    }
    return result.output
  }

  return {
    markets: (currency, signal) =>
      get('coins/markets', marketsParams(currency), MarketsResponseSchema, signal),
    marketsOf: (currency, ids, signal) =>
      get(
        'coins/markets',
        { vs_currency: currency, ids: ids.join(','), per_page: 250, page: 1, sparkline: false },
        MarketsResponseSchema,
        signal,
      ),
    marketList: (currency, page, signal) =>
      get('coins/markets', marketListParams(currency, page), MarketListResponseSchema, signal),
    global: (signal) => get('global', {}, GlobalResponseSchema, signal),
    trending: (signal) => get('search/trending', {}, TrendingResponseSchema, signal),
    // An id is one path segment, whatever it holds (`1move token`).
    coin: (id, signal) =>
      get(`coins/${encodeURIComponent(id)}`, COIN_DETAIL_PARAMS, CoinDetailSchema, signal),
    marketChart: (id, currency, days, signal) =>
      get(
        `coins/${encodeURIComponent(id)}/market_chart`,
        { vs_currency: currency, days },
        MarketChartSchema,
        signal,
      ),
    coinList: (signal) =>
      get(
        'coins/list',
        {},
        coinListSchema((item, reason) => options.onDropped?.('coins/list', item, reason)),
        signal,
        MAX_COIN_LIST_BYTES,
      ),
    exchangeRates: (signal) => get('exchange_rates', {}, ExchangeRatesResponseSchema, signal),
  }
}
