import { describe, expect, it } from 'vitest'
import type { ConvertedCurrency } from '@contract/currency'
import { manualClock } from '../../tests/server/helpers/clock'
import type { AlertStore } from '../db/alerts'
import { createLogger } from '../logger'
import type { Mailer } from '../mail/mailer'
import type { HeldRate } from './converted'
import { AlertWatch } from './watch'

// What a converted currency's alerts read from the dollar refreshes: their quote and the
// alerted-coins query they ask in. (Firing is tested on a real server: tests/server/alerts-*.)

function watchWith(armed: { currency: string; coinId: string }[], rate: HeldRate | null) {
  const clock = manualClock(1_000_000_000_000)
  const alerts: Partial<AlertStore> = {
    armedCoins: async () => armed,
    due: async () => [],
    armedCurrencies: async () => [],
    waitAgain: async () => undefined,
  }
  const asked: ConvertedCurrency[] = []
  const watch = new AlertWatch({
    alerts: alerts as AlertStore,
    mailer: { wake: () => undefined } as unknown as Mailer,
    clock,
    logger: createLogger('silent'),
    siteUrl: 'https://coinvera.test',
    coinExists: async () => true,
    coinName: () => undefined,
    quote: () => null,
    intervalMs: 300_000,
    rate: (currency) => {
      asked.push(currency)
      return rate
    },
  })
  return { watch, clock, asked }
}

const dollars = (at: number, prices: Record<string, number>) => ({
  currency: 'usd' as const,
  prices: Object.entries(prices).map(([id, price]) => ({ id, name: id, price })),
  at: new Date(at),
  source: 'markets',
})

describe('AlertWatch in a converted currency', () => {
  it('quotes the latest dollar price at the rate, and nothing without a rate', async () => {
    const rate = { perUsd: 83.21, at: new Date(0) }
    const { watch, clock } = watchWith([], rate)
    expect(watch.quote('bitcoin', 'inr')).toBeNull()
    watch.seen(dollars(clock.now(), { bitcoin: 100_000 }))
    await watch.idle()
    expect(watch.quote('bitcoin', 'inr')?.price).toBeCloseTo(8_321_000, 4)
    expect(watch.quote('bitcoin', 'usd')?.price).toBe(100_000)
    expect(watch.quote('bitcoin', 'eur')).toBeNull()

    const without = watchWith([], null)
    without.watch.seen(dollars(without.clock.now(), { bitcoin: 100_000 }))
    await without.watch.idle()
    expect(without.watch.quote('bitcoin', 'inr')).toBeNull()
  })

  it('asks for its unseen coins in dollars, with the dollar alerts’ own', async () => {
    const { watch, clock } = watchWith(
      [
        { currency: 'eur', coinId: 'gamma' },
        { currency: 'inr', coinId: 'alpha' },
        { currency: 'inr', coinId: 'beta' },
        { currency: 'usd', coinId: 'alpha' },
        { currency: 'zar', coinId: 'delta' },
      ],
      null,
    )
    // A dollar refresh just showed beta: only the others are asked for.
    watch.seen(dollars(clock.now(), { beta: 1 }))
    await watch.idle()
    const unseen = await watch.unseenAlerted()
    expect(Object.fromEntries(unseen)).toEqual({ eur: ['gamma'], usd: ['alpha', 'delta'] })
    expect(watch.alertedIds('usd')).toEqual(['alpha', 'delta'])
  })
})
