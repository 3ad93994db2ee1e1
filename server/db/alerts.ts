import { randomUUID } from 'node:crypto'
import { DIRECTIONS, type Direction } from '@contract/alerts'
import { type AlertState, type Comparison, RULE } from '../alerts/crossing'
import { type Db, inTransaction, type Queryable } from './client'

export type { AlertState }

export type AlertRow = {
  id: string
  accountId: string
  coinId: string
  currency: string
  direction: Direction
  /** The value the visitor chose. */
  price: number
  state: AlertState
  createdAt: Date
  triggered: { at: Date; price: number; source: string; rate: number | null } | null
}

/**
 * A price seen by a refresh: what an alert's email says fired it. `rate`: the units of the
 * alert's currency for one US dollar the price was converted at; null for the upstream's own.
 */
export type Observation = { price: number; at: Date; source: string; rate: number | null }

/** What the conditional update answers to the one instance whose update fired the alert. */
export type Fired = AlertRow & { email: string }

export type AlertStore = {
  /** The account's alerts, oldest first. */
  list(accountId: string): Promise<AlertRow[]>
  /**
   * Adds a waiting alert unless the account has `max` already (null then). The account's row is
   * locked meanwhile, so two creations at once cannot both pass the cap.
   */
  create(
    alert: Pick<AlertRow, 'accountId' | 'coinId' | 'currency' | 'direction' | 'price'>,
    max: number,
    now: Date,
  ): Promise<AlertRow | null>
  /** Deletes the account's alert; false when it has none with this id. */
  delete(accountId: string, id: string): Promise<boolean>
  /** Deletes the alert its email's link names, answering it; null when there is none. */
  deleteByToken(tokenHash: string): Promise<AlertRow | null>
  /** A triggered alert of the account waits for the price to come back, then waits again. */
  rearm(accountId: string, id: string): Promise<boolean>
  /**
   * The alerts these prices act on, in one indexed query: waiting ones past their price, and
   * re-arming ones back past it (SQL written from server/alerts/crossing.ts's rule, which still
   * decides; this only spares reading every alert of a list's coins).
   */
  due(
    currency: string,
    prices: { coinIds: readonly string[]; prices: readonly number[] },
  ): Promise<AlertRow[]>
  /** The coins in this currency that have alerts not triggered (for the alerted-coins query). */
  armedCoins(): Promise<{ currency: string; coinId: string }[]>
  /** The currencies, other than `except`, of alerts not triggered on these coins. */
  armedCurrencies(coinIds: readonly string[], except: readonly string[]): Promise<string[]>
  /** Re-armed alerts whose price came back: waiting again. */
  waitAgain(ids: readonly string[]): Promise<void>
  /**
   * Fires waiting alerts by one conditional update (`WHERE state = 'waiting'`), so of every
   * instance trying at once exactly one gets each row; `then` runs once in the same transaction
   * with the rows this one got (it queues their emails), so a crash between the two loses nothing
   * and sends nothing twice. One transaction per refresh. Answers how many this instance fired.
   */
  trigger(
    fires: readonly { id: string; seen: Observation; deleteTokenHash: string }[],
    then: (connection: Queryable, fired: readonly Fired[]) => Promise<void>,
  ): Promise<number>
}

type Row = {
  id: string
  account_id: string
  coin_id: string
  currency: string
  direction: Direction
  price: number
  state: AlertState
  created_at: string | Date
  triggered_at: string | Date | null
  triggered_price: number | null
  triggered_source: string | null
  triggered_rate: number | null
}

const COLUMNS =
  'id, account_id, coin_id, currency, direction, price, state, created_at, triggered_at, triggered_price, triggered_source, triggered_rate'

function toAlert(row: Row): AlertRow {
  return {
    id: row.id,
    accountId: row.account_id,
    coinId: row.coin_id,
    currency: row.currency,
    direction: row.direction,
    price: Number(row.price),
    state: row.state,
    createdAt: new Date(row.created_at),
    triggered:
      row.triggered_at === null
        ? null
        : {
            at: new Date(row.triggered_at),
            price: Number(row.triggered_price),
            source: row.triggered_source ?? '',
            rate: row.triggered_rate === null ? null : Number(row.triggered_rate),
          },
  }
}

/** One side of the crossing rule as a SQL condition on `a.direction` and `a.price`. */
function ruleSql(rule: Record<Direction, Comparison>, seen: string): string {
  const when = DIRECTIONS.map((direction) => {
    const { op, factor } = rule[direction]
    return `WHEN '${direction}' THEN ${seen} ${op} a.price * ${factor}::float8`
  })
  return `CASE a.direction ${when.join(' ')} END`
}

const FIRES = ruleSql(RULE.fire, 'p.price')
const MOVED_BACK = ruleSql(RULE.back, 'p.price')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function alertStore(db: Db): AlertStore {
  return {
    async list(accountId) {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM alerts WHERE account_id = $1 ORDER BY created_at, id`,
        [accountId],
      )
      return rows.map(toAlert)
    },
    create(alert, max, now) {
      return inTransaction(db, async (connection) => {
        await connection.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [alert.accountId])
        const { rows: counted } = await connection.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM alerts WHERE account_id = $1',
          [alert.accountId],
        )
        if ((counted[0]?.n ?? 0) >= max) return null
        const { rows } = await connection.query<Row>(
          `INSERT INTO alerts (id, account_id, coin_id, currency, direction, price, state, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'waiting', $7) RETURNING ${COLUMNS}`,
          [
            randomUUID(),
            alert.accountId,
            alert.coinId,
            alert.currency,
            alert.direction,
            alert.price,
            now.toISOString(),
          ],
        )
        return toAlert(rows[0] as Row)
      })
    },
    async delete(accountId, id) {
      if (!UUID.test(id)) return false
      const { rows } = await db.query(
        'DELETE FROM alerts WHERE id = $1 AND account_id = $2 RETURNING id',
        [id, accountId],
      )
      return rows.length > 0
    },
    async deleteByToken(tokenHash) {
      const { rows } = await db.query<Row>(
        `DELETE FROM alerts WHERE delete_token_hash = $1 RETURNING ${COLUMNS}`,
        [tokenHash],
      )
      return rows[0] ? toAlert(rows[0]) : null
    },
    async rearm(accountId, id) {
      if (!UUID.test(id)) return false
      const { rows } = await db.query(
        `UPDATE alerts SET state = 'rearming'
         WHERE id = $1 AND account_id = $2 AND state = 'triggered' RETURNING id`,
        [id, accountId],
      )
      return rows.length > 0
    },
    async due(currency, { coinIds, prices }) {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS.split(', ')
          .map((c) => `a.${c}`)
          .join(', ')}
         FROM unnest($2::text[], $3::float8[]) AS p (coin_id, price)
         JOIN alerts a ON a.currency = $1 AND a.coin_id = p.coin_id AND a.state <> 'triggered'
         WHERE CASE a.state WHEN 'waiting' THEN ${FIRES} WHEN 'rearming' THEN ${MOVED_BACK} END`,
        [currency, coinIds, prices],
      )
      return rows.map(toAlert)
    },
    async armedCoins() {
      const { rows } = await db.query<{ currency: string; coin_id: string }>(
        `SELECT DISTINCT currency, coin_id FROM alerts WHERE state <> 'triggered'
         ORDER BY currency, coin_id`,
      )
      return rows.map((row) => ({ currency: row.currency, coinId: row.coin_id }))
    },
    async armedCurrencies(coinIds, except) {
      if (coinIds.length === 0) return []
      const { rows } = await db.query<{ currency: string }>(
        `SELECT DISTINCT currency FROM alerts
         WHERE coin_id = ANY($1) AND state <> 'triggered' AND NOT (currency = ANY($2))
         ORDER BY currency`,
        [coinIds, except],
      )
      return rows.map((row) => row.currency)
    },
    async waitAgain(ids) {
      if (ids.length === 0) return
      await db.query(
        `UPDATE alerts SET state = 'waiting' WHERE id = ANY($1) AND state = 'rearming'`,
        [ids],
      )
    },
    trigger(fires, then) {
      if (fires.length === 0) return Promise.resolve(0)
      return inTransaction(db, async (connection) => {
        // One UPDATE for the whole refresh; each row still changes only from 'waiting', so of
        // every instance trying at once exactly one gets it.
        const { rows } = await connection.query<Row & { email: string }>(
          `UPDATE alerts a SET state = 'triggered', triggered_at = p.at, triggered_price = p.price,
             triggered_source = p.source, triggered_rate = p.rate, delete_token_hash = p.token_hash
           FROM unnest($1::uuid[], $2::timestamptz[], $3::float8[], $4::text[], $5::text[],
               $6::float8[])
               AS p (id, at, price, source, token_hash, rate),
             accounts acc
           WHERE a.id = p.id AND a.state = 'waiting' AND acc.id = a.account_id AND ${FIRES}
           RETURNING ${COLUMNS.split(', ')
             .map((c) => `a.${c}`)
             .join(', ')}, acc.email`,
          [
            fires.map((fire) => fire.id),
            fires.map((fire) => fire.seen.at.toISOString()),
            fires.map((fire) => fire.seen.price),
            fires.map((fire) => fire.seen.source),
            fires.map((fire) => fire.deleteTokenHash),
            fires.map((fire) => fire.seen.rate),
          ],
        )
        if (rows.length > 0) {
          await then(
            connection,
            rows.map((row) => ({ ...toAlert(row), email: row.email })),
          )
        }
        return rows.length
      })
    },
  }
}
