import { LRUCache } from 'lru-cache'
import type { ChartDays, CoinDetail, CoinList, MarketChart } from '@contract/coin'
import { type Currency, isUpstreamCurrency, type UpstreamCurrency } from '@contract/currency'
import type { Clock } from '../clock'
import type { CallGate } from './budget'
import {
  type CacheFamilyOptions,
  type CacheReader,
  MarketCache,
  NoDataError,
  type Served,
} from './cache'
import { convertChart, convertDetail } from './convert'
import { ConvertedCache, Converter } from './converted-cache'
import { detailFromFacts, type MarketFacts } from './facts'
import type { ExchangeRates } from './rates'
import type { Sample } from './sample'
import { toUpstreamError, type Upstream, type UpstreamError } from './upstream'

const DAY_MS = 86_400_000
// A failed list is asked for again after this long (or a 429's Retry-After): it costs a call of
// the coin pages' share each time, and the list we have (the sample's at worst) still serves.
const LIST_RETRY_MS = 5 * 60_000

export type CoinIdsState = {
  source: 'upstream' | 'sample'
  coins: number
  updatedAt: string | null
  retryAt: string | null
  fetching: boolean
}

/**
 * The ids the upstream knows, from its `coins/list`: asked for once a day, kept when the upstream
 * fails, the shipped sample's list until the first answer.
 */
export class CoinIds {
  readonly #load: (signal: AbortSignal) => Promise<CoinList>
  readonly #gate: CallGate
  readonly #clock: Clock
  readonly #abort = new AbortController()
  readonly #onFailure: (error: UpstreamError) => void
  readonly #onEnded: (() => void) | undefined
  #ids: ReadonlySet<string>
  #list: CoinList
  #names: Map<string, string> | null = null
  #fetchedAt: number | null = null
  #retryAt = 0
  #inFlight: Promise<boolean> | null = null
  readonly #listeners: (() => void)[] = []

  constructor(options: {
    load: (signal: AbortSignal) => Promise<CoinList>
    sample: CoinList
    gate: CallGate
    clock: Clock
    onFailure: (error: UpstreamError) => void
    /** Told when a request for the list has ended (`state().fetching` is false again). */
    onEnded?: (() => void) | undefined
  }) {
    this.#load = options.load
    this.#gate = options.gate
    this.#clock = options.clock
    this.#onFailure = options.onFailure
    this.#onEnded = options.onEnded
    this.#list = options.sample
    this.#ids = new Set(options.sample.map((coin) => coin.id))
  }

  /** The list held now (search's index), and whether it is still the sample's. */
  list(): { coins: CoinList; source: 'upstream' | 'sample' } {
    return { coins: this.#list, source: this.#fetchedAt === null ? 'sample' : 'upstream' }
  }

  /** Calls `listener` each time a new list has arrived (after `list()` answers with it). */
  onList(listener: () => void): void {
    this.#listeners.push(listener)
  }

  /** The coin's name in the list held now (built on first use after each new list). */
  name(id: string): string | undefined {
    this.#names ??= new Map(this.#list.map((coin) => [coin.id, coin.name]))
    return this.#names.get(id)
  }

  /**
   * Whether the upstream knows the coin. Until its list has arrived, an id missing from the
   * sample's waits for a list request already running, rather than be refused in error.
   */
  async has(id: string): Promise<boolean> {
    const pending = this.refresh()
    if (this.#ids.has(id)) return true
    if (this.#fetchedAt === null && pending) await pending
    return this.#ids.has(id)
  }

  /** Asks for the list when a day has passed (or it never came), unless told to wait. */
  refresh(): Promise<boolean> | null {
    if (this.#inFlight) return this.#inFlight
    const now = this.#clock.now()
    if (this.#abort.signal.aborted || now < this.#retryAt) return null
    if (this.#fetchedAt !== null && now - this.#fetchedAt < DAY_MS) return null
    if (this.#gate.waitMs() > 0) return null
    this.#gate.spend()
    const run = this.#load(this.#abort.signal).then(
      (list) => {
        this.#list = list
        this.#ids = new Set(list.map((coin) => coin.id))
        this.#names = null
        this.#fetchedAt = this.#clock.now()
        for (const listener of this.#listeners) listener()
        return true
      },
      (error: unknown) => {
        const failure = toUpstreamError(error)
        this.#retryAt = this.#clock.now() + (failure.retryAfterMs ?? LIST_RETRY_MS)
        this.#onFailure(failure)
        return false
      },
    )
    this.#inFlight = run.finally(() => {
      this.#inFlight = null
      this.#onEnded?.()
    })
    return this.#inFlight
  }

  state(): CoinIdsState {
    const now = this.#clock.now()
    return {
      source: this.#fetchedAt === null ? 'sample' : 'upstream',
      coins: this.#ids.size,
      updatedAt: this.#fetchedAt === null ? null : new Date(this.#fetchedAt).toISOString(),
      retryAt: this.#retryAt > now ? new Date(this.#retryAt).toISOString() : null,
      fetching: this.#inFlight !== null,
    }
  }

  close(): void {
    this.#abort.abort()
  }
}

/** How long a coin's data counts as fresh: its details a minute, its chart by span. */
export const COIN_DETAIL_TTL_MS = 60_000
export const chartTtlMs = (days: ChartDays) => (days === '1' ? 5 * 60_000 : 30 * 60_000)

export type CoinPagesOptions = CacheFamilyOptions & {
  upstream: Upstream
  sample: Sample
  /** Coins' details, and coins' charts, kept at most (each its own LRU). */
  maxEntries: number
  /** Where each coin's new details go, and whose figures the coin pages show. */
  facts: MarketFacts
  /** What the currencies the upstream is not asked in are converted with. */
  rates: ExchangeRates
}

/**
 * The coin pages' data: which coins exist, and one MarketCache per coin's details (every offered
 * currency in one) and per coin's chart in one currency over one span, each kept in an LRU of a
 * fixed size (the least recently asked for is dropped).
 */
export class CoinPages {
  readonly ids: CoinIds
  readonly #options: CoinPagesOptions
  readonly #details: LRUCache<string, MarketCache<CoinDetail>>
  readonly #charts: LRUCache<string, MarketCache<MarketChart>>
  // Details hold every currency: the converted ones are made from the dollar's when served.
  readonly #withRates: Converter<CoinDetail>
  readonly #convertedCharts: LRUCache<
    string,
    { source: CacheReader<MarketChart>; cache: ConvertedCache<MarketChart> }
  >
  #closed = false

  constructor(options: CoinPagesOptions) {
    this.#options = options
    this.ids = new CoinIds({
      load: (signal) => options.upstream.coinList(signal),
      sample: options.sample.coinList,
      gate: options.gate,
      clock: options.clock,
      onFailure: (error) => options.onFailure('coins/list', error),
      onEnded: () => options.onEnded?.('coins/list'),
    })
    // A dropped cache is left to finish a request it started: the call is paid for already.
    this.#details = new LRUCache({ max: options.maxEntries })
    this.#charts = new LRUCache({ max: options.maxEntries })
    this.#convertedCharts = new LRUCache({ max: options.maxEntries })
    this.#withRates = new Converter({
      rates: options.rates,
      currency: null,
      convert: (detail) => convertDetail(detail, options.rates.rates),
    })
  }

  detail(id: string): MarketCache<CoinDetail> {
    const { upstream, sample } = this.#options
    return this.#cache(this.#details, id, () => ({
      name: `coins/${id}`,
      ttlMs: COIN_DETAIL_TTL_MS,
      load: (signal) => upstream.coin(id, signal),
      sample: sampleOf(sample.coinDetail(id), sample.updatedAt),
      onData: (detail, at) =>
        this.#options.facts.recordDetail(detail, at, COIN_DETAIL_TTL_MS, `coins/${id}`),
    }))
  }

  /**
   * The coin's details as the coin API and its page show them, by the facts' rule: fresh details
   * as they are; else the freshest real figures held (a list row, older details) with the older
   * details' text; the sample only for a coin never seen in a real answer. A miss spends from the
   * budget through `gates`; throws a NoDataError when there is nothing to show.
   */
  async shownDetail(id: string, gates: readonly CallGate[]): Promise<Served<CoinDetail>> {
    const [served] = await Promise.all([this.#shownDetail(id, gates), this.#options.rates.ready()])
    return this.#withRates.convertedOrThrow(served)
  }

  async #shownDetail(id: string, gates: readonly CallGate[]): Promise<Served<CoinDetail>> {
    const real = this.#options.facts.has(id)
    let served: Served<CoinDetail>
    try {
      served = await this.detail(id).getFresh(gates, { sample: !real })
    } catch (error) {
      if (!(error instanceof NoDataError)) throw error
      const made = this.#fromFacts(id, null)
      if (made) return made
      throw error
    }
    return this.#withFacts(id, served)
  }

  /**
   * As `shownDetail`, from the coin's own details held now: never an upstream call; null when
   * none are (the browser then asks for them, text included).
   */
  heldDetail(id: string): Served<CoinDetail> | null {
    const held = this.detail(id).held()
    return held && this.#withRates.converted(this.#withFacts(id, held))
  }

  #withFacts(id: string, served: Served<CoinDetail>): Served<CoinDetail> {
    if (served.source === 'live' || served.source === 'cache') return served
    return this.#fromFacts(id, served) ?? served
  }

  /** The facts' figures, with `base`'s text when it is real; null when the facts have none. */
  #fromFacts(id: string, base: Served<CoinDetail> | null): Served<CoinDetail> | null {
    const made = detailFromFacts(id, this.#options.facts)
    if (!made) return null
    const text = base && base.source !== 'sample' ? base.data : null
    const detail = text
      ? { ...made.detail, description: text.description, links: text.links, image: text.image }
      : made.detail
    return { body: encoder.encode(JSON.stringify(detail)), data: detail, ...made.stamp }
  }

  /** A chart in `currency`: the upstream's own, or the dollars' converted at today's rate. */
  chart(id: string, currency: Currency, days: ChartDays): CacheReader<MarketChart> {
    if (isUpstreamCurrency(currency)) return this.#chart(id, currency, days)
    const { rates } = this.#options
    const source = this.#chart(id, 'usd', days)
    const key = `${id}/${currency}/${days}`
    const found = this.#convertedCharts.get(key)
    // Its conversions are kept as long as the dollar chart's cache is the same one.
    if (found?.source === source) return found.cache
    const cache = new ConvertedCache({
      source,
      rates,
      currency,
      convert: (chart) => {
        const rate = rates.rate(currency)
        return rate && convertChart(chart, rate)
      },
    })
    this.#convertedCharts.set(key, { source, cache })
    return cache
  }

  #chart(id: string, currency: UpstreamCurrency, days: ChartDays): MarketCache<MarketChart> {
    const { upstream, sample } = this.#options
    return this.#cache(this.#charts, `${id}/${currency}/${days}`, () => ({
      name: `coins/${id}/market_chart?vs_currency=${currency}&days=${days}`,
      ttlMs: chartTtlMs(days),
      load: (signal) => upstream.marketChart(id, currency, days, signal),
      sample: sampleOf(sample.marketChart(id, currency, days), sample.updatedAt),
    }))
  }

  /** Coins' details and charts held now. */
  get size(): { details: number; charts: number } {
    return { details: this.#details.size, charts: this.#charts.size }
  }

  close(): void {
    this.#closed = true
    this.ids.close()
    for (const cache of this.#details.values()) cache.close()
    for (const cache of this.#charts.values()) cache.close()
  }

  #cache<T>(
    lru: LRUCache<string, MarketCache<T>>,
    key: string,
    options: () => Pick<
      ConstructorParameters<typeof MarketCache<T>>[0],
      'name' | 'ttlMs' | 'load' | 'sample' | 'onData'
    >,
  ): MarketCache<T> {
    const found = lru.get(key)
    if (found) return found
    const own = options()
    const cache = new MarketCache<T>({
      ...own,
      clock: this.#options.clock,
      gates: [this.#options.gate],
      firstWaitMs: this.#options.firstWaitMs,
      onFailure: (error) => this.#options.onFailure(own.name, error),
      onEnded: () => this.#options.onEnded?.(own.name),
      shared: this.#options.shared?.(own.name, own.ttlMs),
      reach: this.#options.reach,
    })
    if (this.#closed) cache.close()
    lru.set(key, cache)
    return cache
  }
}

const encoder = new TextEncoder()

const sampleOf = <T>(data: T | null, updatedAt: Date) =>
  data === null ? undefined : { data, updatedAt }
