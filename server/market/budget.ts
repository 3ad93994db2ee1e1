import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import type { Clock } from '../clock'

/** Who spends a call: the landing page's lists (markets, trending) or the coin pages. */
export type CallerKind = 'lists' | 'coins'

/**
 * Who pays for a price list's refresh: the default currency's is one of the lists; the others
 * spend the coin pages' share, so however many visitors switch currency, the default list stays
 * fed. One rule for one instance's gates and for a deployment's shared budget.
 */
export const marketsCaller = (currency: Currency): CallerKind =>
  currency === DEFAULT_CURRENCY ? 'lists' : 'coins'

/** Something an upstream call must pass before it starts (see MarketCache's `gates`). */
export type CallGate = {
  /** What a refusal means to the caller: the upstream budget is spent, or this client's share. */
  refusal: 'busy' | 'limited'
  /** 0 when a call may start now, else how long until one may. */
  waitMs(): number
  /** Counts a call that started. */
  spend(): void
}

export const MINUTE_MS = 60_000

/**
 * The lists' reserved share: their refreshes need about 1.2 calls a minute (markets every 60 s,
 * trending every 5 min), up to 8 while the upstream fails (a retry every 15 s each), so a quarter
 * of the budget, at least 2, keeps them fed whatever the coin pages do.
 */
export function reservedForLists(callsPerMin: number): number {
  // One call a minute always stays for the coin pages.
  return Math.min(callsPerMin - 1, Math.max(2, Math.round(callsPerMin / 4)))
}

type Call = { at: number; kind: CallerKind }

/**
 * The budget's rule, for the calls of the last minute (oldest first): 0 when `kind` may call now,
 * else the milliseconds until a call of its share ends its minute. Coin pages may use all but the
 * lists' reserved share; the lists may use everything, so coin pages can never starve them. One
 * rule for one instance (UpstreamBudget) and for a deployment (server/shared/budget.ts).
 */
export function budgetWaitMs(
  calls: readonly Call[],
  kind: CallerKind,
  callsPerMin: number,
  now: number,
): number {
  if (calls.length >= callsPerMin) return until(calls, now)
  if (kind === 'lists') return 0
  const coins = calls.filter((call) => call.kind === 'coins')
  if (coins.length < callsPerMin - reservedForLists(callsPerMin)) return 0
  return until(coins, now)
}

// Until the oldest of these calls leaves the window, making room for one more.
function until(calls: readonly { at: number }[], now: number): number {
  return Math.max(1, (calls[0]?.at ?? now) + MINUTE_MS - now)
}

/** The call budget as the health check shows it. */
export type BudgetUse = {
  callsPerMin: number
  reserved: number
  /** Calls made in the last minute, by kind (of the deployment, when instances share it). */
  used(): Record<CallerKind, number> | Promise<Record<CallerKind, number>>
}

/**
 * At most `callsPerMin` upstream calls in any 60 s, whatever the endpoint (a sliding log of the
 * last minute's calls, at most `callsPerMin` entries), by `budgetWaitMs`'s rule. This instance's
 * alone; instances on one PostgreSQL share server/shared/budget.ts instead.
 */
export class UpstreamBudget {
  readonly callsPerMin: number
  readonly reserved: number
  readonly #clock: Clock
  // Start times of the calls of the last minute, oldest first, with who made them.
  readonly #calls: Call[] = []

  constructor(options: { callsPerMin: number; clock: Clock }) {
    this.callsPerMin = options.callsPerMin
    this.reserved = reservedForLists(options.callsPerMin)
    this.#clock = options.clock
  }

  /** 0 when `kind` may call now, else the milliseconds until a call of its share ends its minute. */
  waitMs(kind: CallerKind): number {
    const now = this.#forget()
    return budgetWaitMs(this.#calls, kind, this.callsPerMin, now)
  }

  spend(kind: CallerKind): void {
    this.#calls.push({ at: this.#clock.now(), kind })
  }

  gate(kind: CallerKind): CallGate {
    return { refusal: 'busy', waitMs: () => this.waitMs(kind), spend: () => this.spend(kind) }
  }

  /** Calls made in the last minute, by kind. */
  used(): Record<CallerKind, number> {
    this.#forget()
    const coins = this.#calls.filter((call) => call.kind === 'coins').length
    return { lists: this.#calls.length - coins, coins }
  }

  #forget(): number {
    const now = this.#clock.now()
    while (this.#calls.length > 0 && (this.#calls[0]?.at ?? now) <= now - MINUTE_MS) {
      this.#calls.shift()
    }
    return now
  }
}
