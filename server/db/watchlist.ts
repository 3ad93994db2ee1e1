import { watchlistUnion } from '@contract/watchlist'
import { type Db, inTransaction, type Queryable } from './client'

export type WatchlistStore = {
  /** The account's coins, oldest first. */
  list(accountId: string): Promise<string[]>
  /**
   * Adds the coins not yet there, while the account holds fewer than `max`: the union, as far as
   * the cap allows. `refused` are those left out for the cap (none when all fit or were there).
   */
  add(
    accountId: string,
    coinIds: readonly string[],
    max: number,
  ): Promise<{ coins: string[]; refused: string[] }>
  /** Removes the coin (nothing when it is not there). */
  remove(accountId: string, coinId: string): Promise<void>
}

const listOf = async (db: Queryable, accountId: string) => {
  const { rows } = await db.query<{ coin_id: string }>(
    'SELECT coin_id FROM watchlist WHERE account_id = $1 ORDER BY added_at, coin_id',
    [accountId],
  )
  return rows.map((row) => row.coin_id)
}

export function watchlistStore(db: Db): WatchlistStore {
  return {
    list: (accountId) => listOf(db, accountId),
    add(accountId, coinIds, max) {
      // One transaction holding the account's row: two tabs adding at once take turns, so the
      // count each checks is the one it adds to, and the cap holds.
      return inTransaction(db, async (connection) => {
        await connection.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId])
        const held = await listOf(connection, accountId)
        const { coins, added, refused } = watchlistUnion(held, coinIds, max)
        if (added.length > 0) {
          await connection.query(
            `INSERT INTO watchlist (account_id, coin_id)
             SELECT $1, id FROM unnest($2::text[]) AS id
             ON CONFLICT DO NOTHING`,
            [accountId, added],
          )
        }
        return { coins, refused }
      })
    },
    async remove(accountId, coinId) {
      await db.query('DELETE FROM watchlist WHERE account_id = $1 AND coin_id = $2', [
        accountId,
        coinId,
      ])
    },
  }
}
