import type { Currency } from '@contract/currency'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import type { PriceRefresh } from '../market/prices'
import { type AlertDeps, evaluate, type Quote } from './alerts'

type Seen = Quote & { at: number }

/**
 * Watches the prices of the refreshes the server makes anyway and evaluates the alerts of those
 * coins, one refresh after the other (so an instance never races itself). It also keeps the
 * latest price of each coin (what a new alert is checked against), and which alerted coins no
 * refresh has shown for an interval: those the alerted-coins query asks for.
 */
export class AlertWatch {
  /** What the alert routes use too. */
  readonly deps: AlertDeps
  readonly #clock: Clock
  readonly #logger: Logger
  readonly #intervalMs: number
  readonly #latest = new Map<Currency, Map<string, Seen>>()
  #armed = new Map<Currency, string[]>()
  #queue: PriceRefresh[] = []
  #draining: Promise<void> | null = null
  #evaluating = false
  #timer: NodeJS.Timeout | null = null
  #ticking: Promise<void> | null = null

  constructor(deps: AlertDeps & { intervalMs: number }) {
    this.deps = deps
    this.#clock = deps.clock
    this.#logger = deps.logger
    this.#intervalMs = deps.intervalMs
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

  /** The latest price seen for the coin in this currency, if any refresh showed one. */
  quote(coinId: string, currency: Currency): Quote | null {
    return this.#latest.get(currency)?.get(coinId) ?? null
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
   * Reads which coins have alerts not triggered, and answers, per currency, those no refresh has
   * shown for an interval (the alerted-coins query's ids).
   */
  async unseenAlerted(): Promise<Map<Currency, string[]>> {
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
  start(query: (currency: Currency) => void): void {
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
  alertedIds(currency: Currency): string[] {
    return this.#unseen().get(currency) ?? []
  }

  #unseen(): Map<Currency, string[]> {
    const since = this.#clock.now() - this.#intervalMs
    const unseen = new Map<Currency, string[]>()
    for (const [currency, ids] of this.#armed) {
      const latest = this.#latest.get(currency)
      const missing = ids.filter((id) => (latest?.get(id)?.at ?? -Infinity) < since)
      if (missing.length > 0) unseen.set(currency, missing)
    }
    return unseen
  }

  async #drain(): Promise<void> {
    for (let refresh = this.#queue.shift(); refresh; refresh = this.#queue.shift()) {
      const prices = new Map(refresh.prices.map(({ id, name, price }) => [id, { name, price }]))
      this.#evaluating = true
      try {
        await evaluate(this.deps, refresh.currency, prices, refresh.at, refresh.source)
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
