import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UPSTREAM_CURRENCIES } from '@contract/currency'
import { AlertWatch } from '../server/alerts/watch'
import { alertStore } from '../server/db/alerts'
import { openDb } from '../server/db/client'
import { migrate } from '../server/db/migrate'
import { createLogger } from '../server/logger'
import type { Mailer } from '../server/mail/mailer'
import type { PriceRefresh } from '../server/market/prices'
import { median } from './lib/stats'
import { ms, type Row, row } from './report'

export type AlertsResult = {
  alerts: number
  refreshes: number
  /** CPU time of one refresh's evaluation (its database work included: PGlite runs in-process). */
  cpuMsPerRefresh: { median: number; max: number }
  /** CPU time of the process's first firing (the warm-up's), which plans its statements. */
  firstFireMs: number
  fired: number
  /** Alerted coins and currencies no refresh showed: what the alerted-coins query would ask for. */
  extraCalls: number
}

const ALERTS = 10_000
const COINS = 500
const PAGES = 5 // pages of 100 of the full list per currency: every alerted coin is on one
const WARM_UP_COIN = 'coin-warm-up'

/**
 * The price alerts' cost: 10,000 alerts over 500 coins and the 6 currencies, evaluated against one
 * refresh of every list (the price list and 5 pages of the full list in each currency), on PGlite.
 * Prices are set so that one alert in a hundred fires (its email is queued, not sent).
 */
export async function measureAlerts(log: (line: string) => void): Promise<AlertsResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coinvera-bench-alerts-'))
  const db = await openDb({ dataDir, databaseUrl: undefined }, createLogger('silent'))
  try {
    await migrate(db)
    const now = Date.now()
    const clock = { now: () => now }
    await db.query(
      `INSERT INTO accounts (id, name, email, email_key, password_hash, created_at, email_verified_at)
       SELECT gen_random_uuid(), 'Bench ' || i, 'bench-' || i || '@example.com',
         'bench-' || i || '@example.com', 'x', now(), now()
       FROM generate_series(1, 200) AS i`,
    )
    // Alert prices around a price of 100 for every coin: 1 % of them just below it ("above" fires).
    await db.query(
      `INSERT INTO alerts (id, account_id, coin_id, currency, direction, price, state, created_at)
       SELECT gen_random_uuid(), a.id, 'coin-' || (i % $1), ($2::text[])[1 + i % 6],
         CASE WHEN i % 2 = 0 THEN 'above' ELSE 'below' END,
         CASE WHEN i % 100 = 0 THEN 99.5 WHEN i % 2 = 0 THEN 110 + i % 7 ELSE 90 - i % 7 END,
         'waiting', now()
       FROM generate_series(0, $3 - 1) AS i
       JOIN (SELECT id, row_number() OVER () - 1 AS n FROM accounts) a ON a.n = i % 200`,
      [COINS, UPSTREAM_CURRENCIES, ALERTS],
    )
    const queued: Mailer = {
      destination: 'none',
      enqueue: async () => undefined,
      wake: () => undefined,
      start: () => undefined,
      stop: async () => undefined,
    }
    const watch = new AlertWatch({
      alerts: alertStore(db),
      mailer: queued,
      clock,
      logger: createLogger('silent'),
      siteUrl: 'https://coinvera.test',
      coinExists: async () => true,
      coinName: () => undefined,
      quote: () => null,
      intervalMs: 300_000,
    })
    // One refresh of every list, as the caches would report them (the price list: 6 coins).
    const refreshes: PriceRefresh[] = []
    for (const currency of UPSTREAM_CURRENCIES) {
      const coin = (i: number) => ({ id: `coin-${i}`, name: `Coin ${i}`, price: 100 })
      refreshes.push({
        currency,
        prices: Array.from({ length: 6 }, (_, i) => coin(i)),
        at: new Date(now),
        source: `markets:${currency}`,
      })
      for (let page = 0; page < PAGES; page++) {
        refreshes.push({
          currency,
          prices: Array.from({ length: 100 }, (_, i) => coin(page * 100 + i)),
          at: new Date(now),
          source: `coins/markets?list&vs_currency=${currency}&page=${page + 1}`,
        })
      }
    }
    // A warm-up pass at a price that fires nothing: a running server's database engine (PGlite's
    // WebAssembly, compiled on first use on other threads, which process CPU time counts) is warm.
    // One alert on a coin no measured refresh shows fires first, so firing is warm too: its first
    // use in a process (reported on its own row) was counted in whichever refresh fired first.
    await db.query(
      `INSERT INTO alerts (id, account_id, coin_id, currency, direction, price, state, created_at)
       SELECT gen_random_uuid(), id, $1, 'usd', 'above', 1, 'waiting', now() FROM accounts LIMIT 1`,
      [WARM_UP_COIN],
    )
    const at = new Date(now)
    const beforeFirst = process.cpuUsage()
    watch.seen({
      currency: 'usd',
      prices: [{ id: WARM_UP_COIN, name: 'Warm-up', price: 2 }],
      at,
      source: 'warm-up',
    })
    await watch.idle()
    const first = process.cpuUsage(beforeFirst)
    for (const refresh of refreshes) {
      watch.seen({ ...refresh, prices: refresh.prices.map((p) => ({ ...p, price: 99 })) })
      await watch.idle()
    }
    const cpu: number[] = []
    for (const refresh of refreshes) {
      const before = process.cpuUsage()
      // The listener's own work: the cache's JSON is parsed as in server/market/prices.ts.
      const json = JSON.stringify(
        refresh.prices.map((p) => ({ id: p.id, name: p.name, current_price: p.price })),
      )
      const rows = JSON.parse(json) as { id: string; name: string; current_price: number }[]
      watch.seen({
        ...refresh,
        prices: rows.map((r) => ({ id: r.id, name: r.name, price: r.current_price })),
      })
      await watch.idle()
      const used = process.cpuUsage(before)
      cpu.push((used.user + used.system) / 1000)
    }
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM alerts WHERE state = 'triggered' AND coin_id <> $1",
      [WARM_UP_COIN],
    )
    const unseen = await watch.unseenAlerted()
    const extraCalls = [...unseen.values()].filter((ids) => ids.length > 0).length
    const result: AlertsResult = {
      alerts: ALERTS,
      refreshes: refreshes.length,
      cpuMsPerRefresh: { median: median(cpu), max: Math.max(...cpu) },
      firstFireMs: (first.user + first.system) / 1000,
      fired: rows[0]?.n ?? 0,
      extraCalls,
    }
    log(
      `  alerts: ${result.refreshes} refreshes, ${result.fired} fired, CPU ${result.cpuMsPerRefresh.median.toFixed(1)} ms median, ${result.cpuMsPerRefresh.max.toFixed(1)} ms max`,
    )
    return result
  } finally {
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The price alerts' rows. */
export function alertsRows(result: AlertsResult): Row[] {
  return [
    row(
      `price alerts: CPU per refresh (${result.alerts} alerts, 500 coins × 6 currencies, ${result.refreshes} refreshes, ${result.fired} fired)`,
      result.cpuMsPerRefresh.max,
      `${ms(result.cpuMsPerRefresh.median)} median, ${ms(result.cpuMsPerRefresh.max)} max`,
      { text: '≤ 50 ms', ok: (value) => value <= 50 },
    ),
    row(
      "price alerts: the process's first firing (once; the warm-up's, outside the figure above)",
      result.firstFireMs,
      ms(result.firstFireMs),
    ),
    row(
      'price alerts: extra upstream calls for alerted coins on the lists',
      result.extraCalls,
      String(result.extraCalls),
      { text: '0', ok: (value) => value === 0 },
    ),
  ]
}
