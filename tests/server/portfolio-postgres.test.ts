import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { describeWith } from '../support/system-deps'
import { portfolioSuite } from './helpers/portfolio'
import { findPostgresBin, type Postgres, startPostgres } from './helpers/postgres'
import { startTestServer } from './helpers/server'

// The portfolio API on PostgreSQL (the suite in helpers/portfolio.ts): the cap and the holdings
// checked under the account's row lock, limits counted in the database.

const bin = findPostgresBin()

describeWith([{ name: 'PostgreSQL', path: bin }], 'the portfolio API on PostgreSQL', () => {
  let postgres: Postgres
  let client: pg.Client

  beforeAll(async () => {
    postgres = await startPostgres(bin ?? '')
    client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
  }, 120_000)
  afterAll(async () => {
    await client?.end()
    await postgres?.stop()
  })

  portfolioSuite(() => ({
    start: (env) => startTestServer({ DATABASE_URL: postgres.url, ...env }),
    count: async (sql, params) => {
      const { rows } = await client.query<{ n: number }>(sql, params)
      return Number(rows[0]?.n ?? 0)
    },
  }))
})
