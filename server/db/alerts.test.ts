import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDataDir, removeDir } from '../../tests/server/helpers/pglite'
import { type AlertState, step } from '../alerts/crossing'
import { createLogger } from '../logger'
import { alertStore } from './alerts'
import { type Db, openDb } from './client'
import { migrate } from './migrate'

let dataDir: string
let db: Db

beforeAll(async () => {
  dataDir = await freshDataDir()
  db = await openDb({ dataDir, databaseUrl: undefined }, createLogger('silent'))
  await migrate(db)
})
afterAll(async () => {
  await db?.close()
  removeDir(dataDir)
})

// The store's SQL is written from the crossing rule: what `due` selects is exactly what `step`
// acts on, at the edges of the threshold and of the re-arm margin too.
describe('alertStore.due', () => {
  it('selects the alerts the crossing rule would fire or let wait again, and no other', async () => {
    const accountId = crypto.randomUUID()
    await db.query(
      `INSERT INTO accounts (id, name, email, email_key, password_hash, created_at)
       VALUES ($1, 'Rule', 'rule@example.com', 'rule@example.com', 'x', now())`,
      [accountId],
    )
    const states: AlertState[] = ['waiting', 'triggered', 'rearming']
    const prices = [50, 98.99, 99, 99.01, 99.99, 100, 100.01, 101, 101.01, 150]
    const alerts = []
    for (const state of states) {
      for (const direction of ['above', 'below'] as const) {
        for (const [i, seen] of prices.entries()) {
          const id = crypto.randomUUID()
          const coinId = `coin-${i}`
          await db.query(
            `INSERT INTO alerts (id, account_id, coin_id, currency, direction, price, state, created_at)
             VALUES ($1, $2, $3, 'usd', $4, 100, $5, now())`,
            [id, accountId, coinId, direction, state],
          )
          alerts.push({ id, state, direction, price: 100, seen })
        }
      }
    }
    const due = await alertStore(db).due('usd', {
      coinIds: prices.map((_, i) => `coin-${i}`),
      prices,
    })
    const expected = alerts.filter((alert) => step(alert, alert.seen).state !== alert.state)
    expect(due.map((alert) => alert.id).sort()).toEqual(expected.map((alert) => alert.id).sort())
    expect(expected.length).toBeGreaterThan(0)
  })
})
