import { randomUUID } from 'node:crypto'
import type { Transaction, TransactionInput } from '@contract/portfolio'
import { type Db, inTransaction, type Queryable } from './client'

/** Why a change was not made; nothing of it was. */
export type PortfolioRefusal = 'portfolio_full' | 'exceeds_holding' | 'not_found'
export type PortfolioChange = { transactions: Transaction[] } | { refused: PortfolioRefusal }

export type PortfolioStore = {
  /** The account's transactions in the order they were entered. */
  list(accountId: string): Promise<Transaction[]>
  /** Adds them all, or none: past `max` transactions, or when a sell would exceed its holding. */
  add(accountId: string, inputs: readonly TransactionInput[], max: number): Promise<PortfolioChange>
  /** Replaces one of the account's transactions (keeping its place among those at its time). */
  replace(accountId: string, id: string, input: TransactionInput): Promise<PortfolioChange>
  /** Deletes one of the account's transactions. */
  remove(accountId: string, id: string): Promise<PortfolioChange>
}

type TransactionRow = {
  id: string
  type: Transaction['type']
  coin_id: string
  quantity: string
  price: string | null
  currency: Transaction['currency']
  at: Date | string
  fee: string
  note: string
}

const toTransaction = (row: TransactionRow): Transaction => ({
  id: row.id,
  type: row.type,
  coinId: row.coin_id,
  quantity: row.quantity,
  price: row.price,
  currency: row.currency,
  at: new Date(row.at).toISOString(),
  fee: row.fee,
  note: row.note,
})

const listOf = async (db: Queryable, accountId: string) => {
  const { rows } = await db.query<TransactionRow>(
    `SELECT id, type, coin_id, quantity::text AS quantity, price::text AS price, currency, at,
            fee::text AS fee, note
     FROM portfolio_transactions WHERE account_id = $1 ORDER BY seq`,
    [accountId],
  )
  return rows.map(toTransaction)
}

/**
 * Whether some sell or transfer out takes more than its coin's holding at its date: the running
 * quantity, in exact numeric, in the order the site applies them (time, then entry).
 */
const oversold = async (db: Queryable, accountId: string) => {
  const { rows } = await db.query(
    `SELECT 1 FROM (
       SELECT sum(CASE WHEN type IN ('buy', 'transfer_in') THEN quantity ELSE -quantity END)
                OVER (PARTITION BY coin_id ORDER BY at, seq ROWS UNBOUNDED PRECEDING) AS held
       FROM portfolio_transactions WHERE account_id = $1
     ) AS running WHERE held < 0 LIMIT 1`,
    [accountId],
  )
  return rows.length > 0
}

class Refused extends Error {
  constructor(readonly reason: PortfolioRefusal) {
    super(reason)
  }
}

/** The time as the site orders it (milliseconds), so both sort transactions alike. */
const at = (input: TransactionInput) => new Date(input.at).toISOString()

export function portfolioStore(db: Db): PortfolioStore {
  /**
   * One change in a transaction holding the account's row: two tabs changing at once take turns,
   * so the cap and the holdings each checks are those it changes. Refused, it rolls back.
   */
  const change = async (
    accountId: string,
    apply: (connection: Queryable) => Promise<PortfolioRefusal | null>,
  ): Promise<PortfolioChange> => {
    try {
      return await inTransaction(db, async (connection) => {
        await connection.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId])
        const refused =
          (await apply(connection)) ??
          ((await oversold(connection, accountId)) ? 'exceeds_holding' : null)
        // Thrown, so that the transaction rolls back; answered below.
        if (refused) throw new Refused(refused)
        return { transactions: await listOf(connection, accountId) }
      })
    } catch (error) {
      if (error instanceof Refused) return { refused: error.reason }
      throw error
    }
  }

  return {
    list: (accountId) => listOf(db, accountId),
    add: (accountId, inputs, max) =>
      change(accountId, async (connection) => {
        const { rows } = await connection.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM portfolio_transactions WHERE account_id = $1',
          [accountId],
        )
        if ((rows[0]?.n ?? 0) + inputs.length > max) return 'portfolio_full'
        // One statement for them all, in their order: `seq` follows the order of the rows.
        await connection.query(
          `INSERT INTO portfolio_transactions
             (id, account_id, type, coin_id, quantity, price, currency, at, fee, note)
           SELECT t.id, $1, t.type, t.coin_id, t.quantity, t.price, t.currency, t.at, t.fee, t.note
           FROM unnest($2::uuid[], $3::text[], $4::text[], $5::numeric[], $6::numeric[],
                       $7::text[], $8::timestamptz[], $9::numeric[], $10::text[])
                WITH ORDINALITY AS t(id, type, coin_id, quantity, price, currency, at, fee, note, n)
           ORDER BY t.n`,
          [
            accountId,
            inputs.map(() => randomUUID()),
            inputs.map((input) => input.type),
            inputs.map((input) => input.coinId),
            inputs.map((input) => input.quantity),
            inputs.map((input) => input.price),
            inputs.map((input) => input.currency),
            inputs.map(at),
            inputs.map((input) => input.fee),
            inputs.map((input) => input.note),
          ],
        )
        return null
      }),
    replace: (accountId, id, input) =>
      change(accountId, async (connection) => {
        const { rows } = await connection.query(
          `UPDATE portfolio_transactions
           SET type = $3, coin_id = $4, quantity = $5, price = $6, currency = $7, at = $8,
               fee = $9, note = $10
           WHERE account_id = $1 AND id = $2 RETURNING id`,
          [
            accountId,
            id,
            input.type,
            input.coinId,
            input.quantity,
            input.price,
            input.currency,
            at(input),
            input.fee,
            input.note,
          ],
        )
        return rows.length === 0 ? 'not_found' : null
      }),
    remove: (accountId, id) =>
      change(accountId, async (connection) => {
        const { rows } = await connection.query(
          'DELETE FROM portfolio_transactions WHERE account_id = $1 AND id = $2 RETURNING id',
          [accountId, id],
        )
        return rows.length === 0 ? 'not_found' : null
      }),
  }
}
