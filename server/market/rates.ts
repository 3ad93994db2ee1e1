import type { ConvertedCurrency } from '@contract/currency'
import type { Conversion, ExchangeRatesResponse } from '@contract/exchange-rates'
import type { Clock } from '../clock'
import type { CacheReader, DataStamp, Served } from './cache'
import type { Rate, Rates } from './convert'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
// "About a day before": a snapshot 22 to 26 h old stands for the rate a day ago.
const DAY_WINDOW_MS = 2 * HOUR_MS
// Snapshots kept: one an hour, for a day and the window's far side.
const KEEP_MS = DAY_MS + DAY_WINDOW_MS + HOUR_MS

/** Units of each fiat currency for one US dollar, from one `exchange_rates` answer. */
export type DollarRates = Record<string, number>

/** A moment's dollar rates, as kept for the day-old comparison. */
export type RateSnapshot = { at: number; rates: DollarRates }

/**
 * Where the day-old snapshots also go when instances share a PostgreSQL (server/shared-state/), so an
 * instance started an hour ago still knows yesterday's rates. Its failures only cost the
 * day-old comparison: the memory copy goes on.
 */
export type RateHistoryStore = {
  save(snapshot: RateSnapshot): Promise<void>
  /** The snapshot nearest `at`, no further than `windowMs` from it; null without one. */
  near(at: number, windowMs: number): Promise<RateSnapshot | null>
}

/** Each fiat currency's units for one dollar (a rate's value over the dollar's). */
export function dollarRates(response: ExchangeRatesResponse): DollarRates {
  const usd = response.rates.usd?.value
  if (!usd) return {}
  const out: DollarRates = {}
  for (const [code, rate] of Object.entries(response.rates)) {
    if (rate.type === 'fiat') out[code] = rate.value / usd
  }
  return out
}

/**
 * The upstream's exchange rates as the conversions read them: the cache's (fresh, stale or the
 * bundled sample; reading never waits, a stale read starts the refresh), and an hourly snapshot
 * of the last day's, in memory and in the shared store, for a 24 h change's own rate move.
 */
export class ExchangeRates {
  readonly cache: CacheReader<ExchangeRatesResponse>
  readonly #clock: Clock
  readonly #store: RateHistoryStore | null
  #history: RateSnapshot[] = []
  #parsed: { data: ExchangeRatesResponse; rates: DollarRates } | null = null
  #day: { at: number; snapshot: RateSnapshot | null } | null = null

  constructor(options: {
    cache: CacheReader<ExchangeRatesResponse>
    clock: Clock
    store?: RateHistoryStore | null | undefined
  }) {
    this.cache = options.cache
    this.#clock = options.clock
    this.#store = options.store ?? null
  }

  /** A new real answer (the cache's `onData`): kept as the hour's snapshot, if it has none. */
  record(response: ExchangeRatesResponse, at: number): void {
    const last = this.#history.at(-1)
    if (last && at - last.at < HOUR_MS) return
    const snapshot = { at, rates: dollarRates(response) }
    this.#history = [...this.#history.filter((s) => at - s.at <= KEEP_MS), snapshot]
    void this.#store?.save(snapshot).catch(() => undefined)
  }

  /** The rates held now (never an upstream call beyond a stale read's one shared refresh). */
  served(): Served<ExchangeRatesResponse> | null {
    return this.cache.ready() ?? this.cache.peek()
  }

  /** Waits (at most the first wait) for rates on a cold cache, as a list's first read does. */
  async ready(): Promise<void> {
    await this.cache.get().catch(() => undefined)
  }

  /** The rate of `currency` now and a day before; null when no rate for it is held. */
  rate(currency: ConvertedCurrency): Rate | null {
    const served = this.served()
    if (!served) return null
    const now = this.#dollarRates(served.data)[currency]
    if (now === undefined) return null
    const day = served.source === 'sample' ? undefined : this.#dayAgo()?.rates[currency]
    return { now, day: day ?? null }
  }

  /**
   * Names the rates held now (the answer and the day-old snapshot): a conversion made under the
   * same version is the same. Null without rates.
   */
  version(): string | null {
    const served = this.served()
    if (!served) return null
    const day = served.source === 'sample' ? null : this.#dayAgo()
    return `${served.updatedAt.getTime()}/${served.body.byteLength}/${day?.at ?? '-'}`
  }

  /** Every converted currency's rate, for answers that hold them all (a coin's details). */
  readonly rates: Rates = (currency) => this.rate(currency)

  /** What a converted answer says of its conversion, and the stamp of the rates it used. */
  conversion(currency: ConvertedCurrency): { conversion: Conversion; stamp: DataStamp } | null {
    const served = this.served()
    const rate = this.rate(currency)
    if (!served || !rate) return null
    return {
      conversion: {
        from: 'usd',
        rate: rate.now,
        ratesAt: served.updatedAt.toISOString(),
        ratesSource: served.source === 'sample' ? 'sample' : 'upstream',
        change24h: rate.day === null ? 'dollar' : 'rate',
      },
      stamp: served,
    }
  }

  #dollarRates(data: ExchangeRatesResponse): DollarRates {
    if (this.#parsed?.data !== data) this.#parsed = { data, rates: dollarRates(data) }
    return this.#parsed.rates
  }

  // The snapshot about a day old: from memory, else (once a minute at most) from the store.
  #dayAgo(): RateSnapshot | null {
    const now = this.#clock.now()
    const target = now - DAY_MS
    let best: RateSnapshot | null = null
    for (const snapshot of this.#history) {
      const off = Math.abs(snapshot.at - target)
      if (off <= DAY_WINDOW_MS && (!best || off < Math.abs(best.at - target))) best = snapshot
    }
    if (best || !this.#store) return best
    const asked = this.#day
    if (asked && now - asked.at < 60_000) return asked.snapshot
    this.#day = { at: now, snapshot: asked?.snapshot ?? null }
    void this.#store
      .near(target, DAY_WINDOW_MS)
      .then((snapshot) => {
        this.#day = { at: now, snapshot }
        if (snapshot && !this.#history.some((s) => s.at === snapshot.at)) {
          this.#history = [snapshot, ...this.#history].sort((a, b) => a.at - b.at)
        }
      })
      .catch(() => undefined)
    return this.#day.snapshot
  }
}
