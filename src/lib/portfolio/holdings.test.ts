import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Transaction, TransactionType } from '@contract/portfolio'
import {
  atRates,
  Dec,
  holdings,
  newRefusals,
  positions,
  type Quote,
  sameCurrencyOnly,
} from './holdings'

const usd = sameCurrencyOnly('usd')
let next = 0
const tx = (
  type: TransactionType,
  quantity: string,
  price: string | null,
  extra: Partial<Transaction> = {},
): Transaction => {
  next += 1
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    type,
    coinId: 'bitcoin',
    quantity,
    price,
    currency: 'usd',
    at: new Date(Date.UTC(2026, 0, 1) + next * 60_000).toISOString(),
    fee: '0',
    note: '',
    ...extra,
  }
}
const only = (list: Transaction[]) => {
  const position = positions(list, usd).positions.get('bitcoin')
  if (!position) throw new Error('no position')
  return position
}
/** A decimal string with `places` decimals from an integer count of its smallest unit. */
const units = (count: bigint, places: number) => {
  const text = count.toString().padStart(places + 1, '0')
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`
}
// Satoshis, and cents.
const quantityArb = fc.bigInt({ min: 1n, max: 10n ** 14n }).map((n) => units(n, 8))
const priceArb = fc.bigInt({ min: 0n, max: 10n ** 10n }).map((n) => units(n, 2))
const feeArb = fc.bigInt({ min: 0n, max: 10n ** 6n }).map((n) => units(n, 2))
/** Closer than a satoshi's billionth: only a division's rounding, never a lost unit. */
const near = (a: Dec | null, b: Dec | null) =>
  a !== null && b !== null && a.minus(b).abs().lessThan('1e-40')

describe('average cost', () => {
  it('takes each sell at the average cost and realises the rest', () => {
    const list = [
      tx('buy', '1', '100', { fee: '2' }),
      tx('buy', '1', '200'),
      tx('sell', '0.5', '300', { fee: '1' }),
    ]
    const position = only(list)
    expect(position.quantity.toString()).toBe('1.5')
    // Cost 302 for 2 coins: 151 each; half a coin sold for 150 − 1 fee against 75.5.
    expect(position.cost?.toString()).toBe('226.5')
    expect(position.realised?.toString()).toBe('73.5')
  })

  it('refuses a sell larger than the holding and applies nothing of it', () => {
    const buy = tx('buy', '0.5', '100')
    const sell = tx('sell', '0.50000001', '100')
    const result = positions([buy, sell], usd)
    expect(result.refused).toEqual([{ id: sell.id, reason: 'exceeds_holding' }])
    expect(result.positions.get('bitcoin')?.quantity.toString()).toBe('0.5')
    expect(newRefusals([buy], [buy, sell])).toEqual([{ id: sell.id, reason: 'exceeds_holding' }])
  })

  it('refuses a sell dated before the buy it would need', () => {
    const buy = tx('buy', '1', '100')
    const sell = tx('sell', '1', '100', { at: '2020-01-01T00:00:00.000Z' })
    expect(positions([buy, sell], usd).refused.map((r) => r.id)).toEqual([sell.id])
  })

  it('leaves cost figures unknown for a currency it cannot convert', () => {
    const position = only([tx('buy', '1', '100', { currency: 'eur' })])
    expect(position.quantity.toString()).toBe('1')
    expect(position.cost).toBeNull()
  })

  it('never changes the average cost by a sell, and sells everything to a zero cost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(quantityArb, priceArb, feeArb), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 5 }),
        priceArb,
        (buys, percents, sellPrice) => {
          const list = buys.map(([q, p, fee]) => tx('buy', q, p, { fee }))
          for (const percent of percents) {
            const before = only(list)
            const quantity = before.quantity
              .times(percent)
              .dividedBy(100)
              .toDecimalPlaces(8, Dec.ROUND_DOWN)
            if (quantity.isZero()) continue
            list.push(tx('sell', quantity.toFixed(), sellPrice))
            const after = only(list)
            const average = (p: typeof before) => p.cost?.dividedBy(p.quantity) ?? null
            expect(near(average(after), average(before))).toBe(true)
          }
          list.push(tx('sell', only(list).quantity.toFixed(), sellPrice))
          const end = only(list)
          expect(end.quantity.isZero()).toBe(true)
          expect(end.cost?.isZero()).toBe(true)
        },
      ),
    )
  })

  it('keeps the money: cost left + proceeds − realised = what the buys cost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(quantityArb, priceArb, feeArb, fc.boolean()), { maxLength: 12 }),
        (steps) => {
          const list: Transaction[] = []
          let spent = new Dec(0)
          let received = new Dec(0)
          for (const [q, p, fee, isSell] of steps) {
            const t = tx(isSell ? 'sell' : 'buy', q, p, { fee })
            if (
              isSell &&
              new Dec(q).greaterThan(positions(list, usd).positions.get('bitcoin')?.quantity ?? 0)
            ) {
              expect(newRefusals(list, [...list, t])).toHaveLength(1)
              continue
            }
            list.push(t)
            const amount = new Dec(q).times(p)
            if (isSell) received = received.plus(amount.minus(fee))
            else spent = spent.plus(amount.plus(fee))
          }
          if (list.length === 0) return
          const end = only(list)
          expect(near(end.cost?.plus(received).minus(end.realised ?? 0) ?? null, spent)).toBe(true)
        },
      ),
    )
  })
})

describe('summing and splitting', () => {
  it('never loses a satoshi: a buy split in parts is the same holding at the same cost', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 15n }), { minLength: 1, maxLength: 10 }),
        priceArb,
        (total, cuts, price) => {
          // Cut `total` satoshis into parts that add up to it exactly.
          const points = [...new Set(cuts.map((c) => c % total))].sort((a, b) => (a < b ? -1 : 1))
          const bounds = [0n, ...points.filter((p) => p > 0n), total]
          const parts = bounds.slice(1).map((end, i) => end - (bounds[i] ?? 0n))
          const whole = only([tx('buy', units(total, 8), price)])
          const split = only(parts.map((part) => tx('buy', units(part, 8), price)))
          expect(split.quantity.toFixed()).toBe(whole.quantity.toFixed())
          expect(split.cost?.toFixed()).toBe(whole.cost?.toFixed())
          // Sold in the same parts, everything goes and the same profit is realised.
          const sold = only([
            ...parts.map((part) => tx('buy', units(part, 8), price)),
            ...parts.map((part) => tx('sell', units(part, 8), '1.23')),
          ])
          const soldWhole = only([
            tx('buy', units(total, 8), price),
            tx('sell', units(total, 8), '1.23'),
          ])
          expect(sold.quantity.isZero()).toBe(true)
          expect(sold.cost?.isZero()).toBe(true)
          expect(near(sold.realised, soldWhole.realised)).toBe(true)
        },
      ),
    )
  })

  it('adds the largest amounts the contract allows exactly', () => {
    const big = '99999999999999999999.999999999999999999'
    const position = only([tx('buy', big, big), tx('buy', '0.000000000000000001', '1')])
    expect(position.quantity.toFixed()).toBe('100000000000000000000')
    expect(position.cost?.toFixed()).toBe(
      new Dec(big).times(big).plus('0.000000000000000001').toFixed(),
    )
  })
})

describe('transfers', () => {
  it('never change realised P/L nor the average cost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(quantityArb, priceArb), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 100 }),
        priceArb,
        (buys, percent, sellPrice) => {
          const base = buys.map(([q, p]) => tx('buy', q, p))
          const held = only(base).quantity
          const moved = held.times(percent).dividedBy(100).toDecimalPlaces(8)
          if (moved.isZero()) return
          const sell = () => tx('sell', held.dividedBy(3).toDecimalPlaces(8).toFixed(), sellPrice)
          const plain = only([...base, sell()])
          const out = tx('transfer_out', moved.toFixed(), null)
          const back = tx('transfer_in', moved.toFixed(), null)
          const afterOut = only([...base, out])
          expect(afterOut.realised?.isZero()).toBe(true)
          if (!afterOut.quantity.isZero()) {
            const average = only(base).cost?.dividedBy(held) ?? null
            expect(near(afterOut.cost?.dividedBy(afterOut.quantity) ?? null, average)).toBe(true)
          }
          const roundTrip = only([...base, out, back, sell()])
          expect(roundTrip.quantity.toFixed()).toBe(plain.quantity.toFixed())
          expect(near(roundTrip.realised, plain.realised)).toBe(true)
          expect(near(roundTrip.cost, plain.cost)).toBe(true)
        },
      ),
    )
  })

  it('counts a transfer in with a price at that cost', () => {
    const position = only([tx('transfer_in', '2', '50')])
    expect(position.cost?.toFixed()).toBe('100')
    expect(position.realised?.toFixed()).toBe('0')
  })
})

describe('holdings and totals', () => {
  it('values each holding at its quote, with its 24 h change and unrealised P/L', () => {
    const quotes = new Map<string, Quote>([
      ['bitcoin', { price: 110, change24h: 10, at: '2026-01-02T00:00:00Z', stale: false }],
    ])
    const list = [
      tx('buy', '2', '100'),
      tx('buy', '3', '1', { coinId: 'dogecoin' }),
      tx('sell', '1', '120'),
    ]
    const result = holdings(list, quotes, usd)
    const bitcoin = result.holdings.find((h) => h.coinId === 'bitcoin')
    expect(bitcoin?.value?.toFixed()).toBe('110')
    expect(bitcoin?.change24h?.toFixed()).toBe('10')
    expect(bitcoin?.averageCost?.toFixed()).toBe('100')
    expect(bitcoin?.unrealised?.toFixed()).toBe('10')
    expect(bitcoin?.realised?.toFixed()).toBe('20')
    expect(result.totals.value.toFixed()).toBe('110')
    expect(result.totals.change24hPercent?.toFixed()).toBe('10')
    // Dogecoin has no price: left out of the value, and the unrealised total is unknown.
    expect(result.totals.unpriced).toBe(1)
    expect(result.totals.unrealised).toBeNull()
    expect(result.totals.realised?.toFixed()).toBe('20')
  })
})

describe('costs in another currency', () => {
  // One euro's worth in dollars and in rupees, as the server answers them (exact decimals).
  const rates = { eur: '1.158211718348430419924514', gbp: null }
  const eurBuy = tx('buy', '2', '50000', { currency: 'eur', fee: '10' })
  const quote: Quote = { price: 60000, change24h: null, at: '2026-01-02T00:00:00Z', stale: false }

  it('converts a cost in euros into dollars at the rate, exactly', () => {
    const [holding] = holdings(
      [eurBuy],
      new Map([['bitcoin', quote]]),
      atRates('usd', rates),
    ).holdings
    // (2 × 50,000 + 10) EUR at the rate, with no rounding of its own.
    const cost = new Dec('100010').times(rates.eur)
    expect(holding?.cost?.equals(cost)).toBe(true)
    expect(holding?.averageCost?.equals(cost.dividedBy(2))).toBe(true)
    expect(holding?.unrealised?.equals(new Dec(120000).minus(cost))).toBe(true)
    expect(holding?.cost?.toFixed(2)).toBe('115832.75')
  })

  it('converts into a converted currency (rupees) at its own rate', () => {
    const inr = atRates('inr', { eur: '96.374797083772895241918779' })
    const [holding] = positions([eurBuy], inr).positions.values()
    expect(holding?.cost?.toFixed(2)).toBe('9638443.46')
  })

  it('leaves a cost unknown without a rate, never counted as zero', () => {
    const gbpBuy = tx('buy', '1', '100', { currency: 'gbp' })
    const [holding] = holdings(
      [gbpBuy],
      new Map([['bitcoin', quote]]),
      atRates('usd', rates),
    ).holdings
    expect(holding?.cost).toBeNull()
    expect(holding?.unrealised).toBeNull()
    // The shown currency's own costs need no rate.
    const own = positions([tx('buy', '1', '100')], atRates('usd', {})).positions.get('bitcoin')
    expect(own?.cost?.toFixed()).toBe('100')
  })
})
