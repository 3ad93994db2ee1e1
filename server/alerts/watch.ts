import {
  type ConvertedCurrency,
  type Currency,
  isUpstreamCurrency,
  UPSTREAM_CURRENCIES,
  type UpstreamCurrency,
} from '@contract/currency'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import type { PriceRefresh } from '../market/prices'
import { type AlertDeps, evaluate, type Prices, type Quote } from './alerts'
import { type HeldRate, inCurrency } from './converted'

type Seen = Quote & { at: number }

/** What every converted currency is made from. */
const DOLLAR: UpstreamCurrency = 'usd'

/**
 * Watches the prices of the refreshes the server makes anyway and evaluates the alerts of those
 * coins, one refresh after the other (so an instance never races itself). It also keeps the
 * latest price of each coin (what a new alert is checked against), and which alerted coins no
 * refresh has shown for an interval: those the alerted-coins query asks for. Alerts in a currency
 * the upstream is not asked in follow the dollar's refreshes at the held rate, and are not
 * checked while no rate may decide them (`rate` answers null).
 */
export class AlertWatch {
  /** What the alert routes use too. */
  readonly deps: AlertDeps
  readonly #clock: Clock
  readonly #logger: Logger
  readonly #intervalMs: number
  readonly #rate: (currency: ConvertedCurrency) => HeldRate | null
  readonly #latest = new Map<Currency, Map<string, Seen>>()
  #armed = new Map<Currency, string[]>()
  #queue: PriceRefresh[] = []
  #draining: Promise<void> | null = null
  #evaluating = false
  #timer: NodeJS.Timeout | null = null
  #ticking: Promise<void> | null = null

  constructor(
    deps: AlertDeps & {
      intervalMs: number
      /**
       * A converted currency's rate as alerts may use it (server/alerts/converted.ts); without
       * it, alerts in those currencies are never checked.
       */
      rate?: ((currency: ConvertedCurrency) => HeldRate | null) | undefined
    },
  ) {
    this.deps = deps
    this.#clock = deps.clock
    this.#logger = deps.logger
    this.#intervalMs = deps.intervalMs
    this.#rate = deps.rate ?? (() => null)
  }

  /** A refresh's prices: kept as the latest, and evaluated soon. */
  seen(refresh: PriceRefresh): void {
    let latest = this.#latest.get(refresh.currency)
    if (!latest) {
      latest = new Map()
      this.#latest.set(refresh.currency, latest)
    }
    const at = refresh.at.getTime()
    for (const { id, name, price } of refresh.prices) {
      const known = latest.get(id)
      if (!known || known.at <= at) latest.set(id, { price, name, at })
    }
    this.#queue.push(refresh)
    this.#draining ??= this.#drain().finally(() => {
      this.#draining = null
    })
  }

  /**
   * The latest price seen for the coin in this currency, if any refresh showed one; in a
   * converted currency, the latest dollar price at the rate alerts are checked at now.
   */
  quote(coinId: string, currency: Currency): Quote | null {
    if (isUpstreamCurrency(currency)) return this.#latest.get(currency)?.get(coinId) ?? null
    const usd = this.#latest.get(DOLLAR)?.get(coinId)
    const rate = usd ? this.#rate(currency) : null
    return usd && rate ? { name: usd.name, price: usd.price * rate.perUsd } : null
  }

  /** Refreshes seen and not yet evaluated (the one under way included). */
  get pending(): number {
    return this.#queue.length + (this.#evaluating ? 1 : 0)
  }

  /** Resolves once every refresh seen so far is evaluated. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining
  }

  /**
   * Reads which coins have alerts not triggered, and answers, per currency the upstream is asked
   * in, those no refresh has shown for an interval (the alerted-coins query's ids): a converted
   * currency's coins are asked for in dollars.
   */
  async unseenAlerted(): Promise<Map<UpstreamCurrency, string[]>> {
    const armed = new Map<Currency, string[]>()
    for (const { currency, coinId } of await this.deps.alerts.armedCoins()) {
      const ids = armed.get(currency as Currency) ?? []
      ids.push(coinId)
      armed.set(currency as Currency, ids)
    }
    this.#armed = armed
    return this.#unseen()
  }

  /**
   * Every interval (and once now), `query` is asked for each currency with alerted coins no
   * refresh showed: it refreshes the alerted-coins query, whose answer comes back by `seen`.
   */
  start(query: (currency: UpstreamCurrency) => void): void {
    const tick = () => {
      this.#ticking ??= this.unseenAlerted()
        .then((unseen) => {
          for (const currency of unseen.keys()) query(currency)
        })
        .catch((error: unknown) => {
          this.#logger.warn({ error: (error as Error).message }, 'alerted coins not read')
        })
        .finally(() => {
          this.#ticking = null
        })
    }
    tick()
    this.#timer = setInterval(tick, this.#intervalMs)
    this.#timer.unref()
  }

  /** Stops the interval and waits for the evaluations under way. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    await this.#ticking
    await this.idle()
  }

  /** The ids of the last `unseenAlerted`, for the query in `currency`. */
  alertedIds(currency: UpstreamCurrency): string[] {
    return this.#unseen().get(currency) ?? []
  }

  #unseen(): Map<UpstreamCurrency, string[]> {
    const since = this.#clock.now() - this.#intervalMs
    const unseen = new Map<UpstreamCurrency, Set<string>>()
    for (const [currency, ids] of this.#armed) {
      const asked = isUpstreamCurrency(currency) ? currency : DOLLAR
      const latest = this.#latest.get(asked)
      const missing = ids.filter((id) => (latest?.get(id)?.at ?? -Infinity) < since)
      if (missing.length === 0) continue
      const askedIds = unseen.get(asked) ?? new Set<string>()
      for (const id of missing) askedIds.add(id)
      unseen.set(asked, askedIds)
    }
    return new Map([...unseen].map(([currency, ids]) => [currency, [...ids]]))
  }

  /**
   * The alerts in converted currencies on the coins of a dollar refresh, each currency at its
   * rate; a currency without a rate that may decide is left for a later refresh.
   */
  async #evaluateConverted(refresh: PriceRefresh, prices: Prices): Promise<void> {
    const currencies = await this.deps.alerts.armedCurrencies(
      [...prices.keys()],
      UPSTREAM_CURRENCIES,
    )
    for (const currency of currencies) {
      if (isUpstreamCurrency(currency)) continue
      const rate = this.#rate(currency as ConvertedCurrency)
      if (!rate) {
        this.#logger.debug({ currency }, 'price alerts not checked: no exchange rate held')
        continue
      }
      const converted = inCurrency(prices, rate.perUsd)
      await evaluate(this.deps, currency as Currency, converted, refresh.at, refresh.source, rate)
    }
  }

  async #drain(): Promise<void> {
    for (let refresh = this.#queue.shift(); refresh; refresh = this.#queue.shift()) {
      const prices = new Map(refresh.prices.map(({ id, name, price }) => [id, { name, price }]))
      this.#evaluating = true
      try {
        await evaluate(this.deps, refresh.currency, prices, refresh.at, refresh.source)
        if (refresh.currency === DOLLAR) await this.#evaluateConverted(refresh, prices)
        this.#logger.debug({ currency: refresh.currency }, 'price alerts evaluated')
      } catch (error) {
        // The database is away: the next refresh evaluates these alerts again.
        this.#logger.warn({ error: (error as Error).message }, 'price alerts not evaluated')
      } finally {
        this.#evaluating = false
      }
    }
  }
}
