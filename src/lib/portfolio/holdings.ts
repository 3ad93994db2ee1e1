import { Decimal } from 'decimal.js'
import type { Currency } from '@contract/currency'
import type { Transaction } from '@contract/portfolio'

/**
 * The portfolio's arithmetic: exact decimals (decimal.js), never binary floats. Sums and
 * products of the contract's amounts (20 + 18 digits) are exact at 80 significant digits; only a
 * division (a share of the cost basis) rounds, far below a wei.
 */
export const Dec = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN })
export type Dec = InstanceType<typeof Dec>

const ZERO = new Dec(0)

/** Why a transaction could not be applied. */
export type Refusal = { id: string; reason: 'exceeds_holding' }

/**
 * One coin's position after its transactions. Average cost: each sell or transfer out takes
 * its share of the cost basis (cost × quantity sold ÷ quantity held), as CoinGecko does; what a
 * sell brings in above that share is realised profit. `cost` and `realised` are null when a
 * transaction's currency cannot be converted into the one shown.
 */
export type Position = {
  coinId: string
  quantity: Dec
  cost: Dec | null
  realised: Dec | null
  /** The cost per coin before the holding last went to zero: what coins moved back in cost. */
  emptiedAt: Dec | null
}

/** An amount in a transaction's currency, in the currency shown; null when no rate is known. */
export type Convert = (amount: Dec, from: Currency) => Dec | null

/** Amounts in their own currency only: another's cost is unknown (null). */
export const sameCurrencyOnly =
  (to: Currency): Convert =>
  (amount, from) =>
    from === to ? amount : null

/**
 * Amounts in `to`, each other currency at its rate (one unit's worth in `to`, an exact decimal
 * string, as the server answers it); a currency without a rate is unknown (null).
 */
export const atRates =
  (to: Currency, rates: Readonly<Record<string, string | null>>): Convert =>
  (amount, from) => {
    if (from === to) return amount
    const rate = rates[from]
    return rate ? amount.times(new Dec(rate)) : null
  }

const plus = (a: Dec | null, b: Dec | null) => (a === null || b === null ? null : a.plus(b))
const minus = (a: Dec | null, b: Dec | null) => (a === null || b === null ? null : a.minus(b))

/** Oldest first; transactions at the same time in the order they were entered. */
export function inOrder(transactions: readonly Transaction[]): Transaction[] {
  return transactions
    .map((transaction, index) => ({ transaction, index, at: Date.parse(transaction.at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((entry) => entry.transaction)
}

/**
 * Every coin's position after the transactions, in time order. A sell or a transfer out of more
 * than the holding is refused (listed in `refused`, not applied): the portfolio never holds a
 * negative quantity.
 */
export function positions(
  transactions: readonly Transaction[],
  convert: Convert,
): { positions: Map<string, Position>; refused: Refusal[] } {
  const held = new Map<string, Position>()
  const refused: Refusal[] = []
  for (const t of inOrder(transactions)) {
    const position = held.get(t.coinId) ?? {
      coinId: t.coinId,
      quantity: ZERO,
      cost: ZERO,
      realised: ZERO,
      emptiedAt: null,
    }
    const quantity = new Dec(t.quantity)
    const price = t.price === null ? null : convert(new Dec(t.price), t.currency)
    const fee = convert(new Dec(t.fee), t.currency)
    if (t.type === 'buy') {
      position.cost = plus(position.cost, price && fee && quantity.times(price).plus(fee))
      position.quantity = position.quantity.plus(quantity)
    } else if (t.type === 'transfer_in') {
      // Without a price, the coins come in at the average cost: the cost per coin is unchanged.
      const added =
        t.price === null
          ? position.quantity.isZero() && position.emptiedAt
            ? quantity.times(position.emptiedAt)
            : shareOf(position, quantity)
          : price && quantity.times(price)
      position.cost = plus(position.cost, added)
      position.quantity = position.quantity.plus(quantity)
    } else {
      if (quantity.greaterThan(position.quantity)) {
        refused.push({ id: t.id, reason: 'exceeds_holding' })
        continue
      }
      const share = quantity.equals(position.quantity) ? position.cost : shareOf(position, quantity)
      if (t.type === 'sell') {
        const proceeds = price && fee && quantity.times(price).minus(fee)
        position.realised = plus(position.realised, minus(proceeds, share))
      }
      if (quantity.equals(position.quantity) && position.cost !== null) {
        position.emptiedAt = position.cost.dividedBy(position.quantity)
      }
      position.cost = minus(position.cost, share)
      position.quantity = position.quantity.minus(quantity)
    }
    held.set(t.coinId, position)
  }
  return { positions: held, refused }
}

/** The cost basis of `quantity` of a position at its average cost. */
function shareOf(position: Position, quantity: Dec): Dec | null {
  if (position.cost === null) return null
  if (position.quantity.isZero()) return ZERO
  return position.cost.times(quantity).dividedBy(position.quantity)
}

/** The transactions a new list would refuse that the current one does not. */
export function newRefusals(
  current: readonly Transaction[],
  next: readonly Transaction[],
): Refusal[] {
  // Quantities alone decide a refusal, so any currency will do.
  const convert: Convert = (amount) => amount
  const before = new Set(positions(current, convert).refused.map((r) => r.id))
  return positions(next, convert).refused.filter((r) => !before.has(r.id))
}

/** A coin's current figures, as the server holds them. */
export type Quote = {
  price: number
  /** Percent over 24 hours, when known. */
  change24h: number | null
  /** When the server had the price (ISO 8601). */
  at: string
  /** The last price known, not a current one. */
  stale: boolean
}

export type Holding = Position & {
  quote: Quote | null
  averageCost: Dec | null
  value: Dec | null
  /** The value's change over 24 hours, in the currency shown. */
  change24h: Dec | null
  unrealised: Dec | null
}

export type Totals = {
  value: Dec
  change24h: Dec
  /** Percent; null when the value a day ago is zero or unknown. */
  change24hPercent: Dec | null
  realised: Dec | null
  unrealised: Dec | null
  /** Coins whose value is unknown (no price), left out of `value`. */
  unpriced: number
}

/** Each holding's figures at its quote, and the totals. Coins sold off entirely stay listed. */
export function holdings(
  transactions: readonly Transaction[],
  quotes: ReadonlyMap<string, Quote>,
  convert: Convert,
): { holdings: Holding[]; totals: Totals; refused: Refusal[] } {
  const { positions: held, refused } = positions(transactions, convert)
  const list: Holding[] = [...held.values()].map((position) => {
    const quote = quotes.get(position.coinId) ?? null
    const value = quote ? position.quantity.times(new Dec(quote.price)) : null
    // value now = value then × (1 + change/100), so the change is value − value/(1 + change/100).
    const change24h =
      value && quote?.change24h != null
        ? value.minus(value.dividedBy(new Dec(quote.change24h).dividedBy(100).plus(1)))
        : null
    const averageCost =
      position.cost !== null && !position.quantity.isZero()
        ? position.cost.dividedBy(position.quantity)
        : null
    return {
      ...position,
      quote,
      averageCost,
      value,
      change24h,
      unrealised: minus(value, position.cost),
    }
  })
  let value = ZERO
  let change24h = ZERO
  let realised: Dec | null = ZERO
  let unrealised: Dec | null = ZERO
  let unpriced = 0
  for (const holding of list) {
    realised = plus(realised, holding.realised)
    if (holding.quantity.isZero()) continue
    if (holding.value === null) {
      unpriced += 1
      unrealised = null
      continue
    }
    value = value.plus(holding.value)
    change24h = change24h.plus(holding.change24h ?? ZERO)
    unrealised = plus(unrealised, holding.unrealised)
  }
  const before = value.minus(change24h)
  const change24hPercent = before.isZero() ? null : change24h.dividedBy(before).times(100)
  return {
    holdings: list,
    totals: { value, change24h, change24hPercent, realised, unrealised, unpriced },
    refused,
  }
}
