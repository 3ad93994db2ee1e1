import { describe } from 'vitest'
import { portfolioSuite } from './helpers/portfolio'
import { setUpTestDb, startTestServer } from './helpers/server'

// The portfolio API on PGlite: the suite in helpers/portfolio.ts.

const testDb = setUpTestDb()

describe('the portfolio API on PGlite', () => {
  portfolioSuite(() => ({
    start: (env) => startTestServer(env, { db: testDb }),
    count: async (sql, params) => {
      const { rows } = await testDb.db.query<{ n: number }>(sql, params)
      return Number(rows[0]?.n ?? 0)
    },
  }))
})
