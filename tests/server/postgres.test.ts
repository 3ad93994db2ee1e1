import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readMigrations } from '../../server/db/migrate'
import { describeWith } from '../support/system-deps'
import { findPostgresBin, type Postgres, startPostgres } from './helpers/postgres'
import { json, startTestServer, type TestServer, untilNotBusy } from './helpers/server'

const bin = findPostgresBin()
const person = (email: string) => ({ name: 'Pat', email, password: 'granite-meadow-7710' })

describeWith([{ name: 'PostgreSQL', path: bin }], 'DATABASE_URL: a real PostgreSQL server', () => {
  let postgres: Postgres
  let servers: TestServer[] = []

  beforeAll(async () => {
    postgres = await startPostgres(bin ?? '')
    // Two instances starting at once race to migrate; the advisory lock makes them take turns.
    servers = await Promise.all([
      startTestServer({ DATABASE_URL: postgres.url }),
      startTestServer({ DATABASE_URL: postgres.url }),
    ])
  }, 90_000)

  afterAll(async () => {
    for (const server of servers) await server.dispose()
    await postgres?.stop()
  })

  it('both instances migrated the one schema once', async () => {
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const { rows } = await client.query('SELECT version, name FROM schema_migrations ORDER BY 1')
      expect(rows).toEqual(readMigrations().map(({ version, name }) => ({ version, name })))
    } finally {
      await client.end()
    }
    for (const server of servers) {
      const health = await (await fetch(`${server.url}/api/health/detail`)).json()
      expect(health.database).toMatchObject({ state: 'ok' })
      expect(server.logs.find((line) => line.msg === 'listening')?.database).toBe('postgres')
    }
  })

  it('40 concurrent sign-ups with one email over two instances: exactly one 201', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const server = servers[i % 2]
        const email = i % 3 ? 'shared@example.com' : 'Shared@Example.com'
        const response = await untilNotBusy(() =>
          fetch(`${server?.url}/api/auth`, json(person(email))),
        )
        await response.body?.cancel()
        return response.status
      }),
    )
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(39)
  })

  it('an account made on one instance is seen by the other, and after a restart', async () => {
    const [a, b] = servers
    expect((await fetch(`${a?.url}/api/auth`, json(person('one@example.com')))).status).toBe(201)
    expect((await fetch(`${b?.url}/api/auth`, json(person('ONE@example.com')))).status).toBe(409)
    await b?.dispose()
    const restarted = await startTestServer({ DATABASE_URL: postgres.url })
    servers[1] = restarted
    expect((await fetch(`${restarted.url}/api/auth`, json(person('one@example.com')))).status).toBe(
      409,
    )
  })

  it('a session from one instance is valid on the other, and signing out there ends it', async () => {
    const [a, b] = servers
    const created = await fetch(`${a?.url}/api/auth`, json(person('roam@example.com')))
    expect(created.status).toBe(201)
    const cookie = created.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .find((pair) => pair?.startsWith('coinvera_session='))
    const headers = { Cookie: cookie ?? '' }
    const me = await fetch(`${b?.url}/api/auth/session`, { headers })
    expect(me.status).toBe(200)
    expect((await me.json()).user.email).toBe('roam@example.com')
    expect((await fetch(`${b?.url}/api/auth/session`, { method: 'DELETE', headers })).status).toBe(
      204,
    )
    expect((await fetch(`${a?.url}/api/auth/session`, { headers })).status).toBe(401)
  })

  it('with the database down: health 503 and sign-up 503, JSON, and the server stays up', async () => {
    const server = servers[0] as TestServer
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    await postgres.stop()
    // The public answer is kept for a second, then the next check finds the database gone.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    server.clock.advance(1000)
    const health = await fetch(`${server.url}/api/health`)
    expect(health.status).toBe(503)
    expect(await health.json()).toEqual({ status: 'unavailable' })
    const detail = await fetch(`${server.url}/api/health/detail`)
    expect(detail.status).toBe(503)
    expect((await detail.json()).database.state).toBe('error')
    // The log has the detail, and the engine the public answer does not name.
    const logged = server.logs.find((line) => line.msg === 'health check: the database failed')
    expect(logged).toMatchObject({ engine: 'postgres', health: { status: 'unavailable' } })
    const signUp = await fetch(`${server.url}/api/auth`, json(person('down@example.com')))
    expect(signUp.status).toBe(503)
    expect(signUp.headers.get('retry-after')).toBe('5')
    expect((await signUp.json()).error).toBe('database_unavailable')
    const market = await fetch(`${server.url}/api/market/search/trending`)
    expect(market.status).toBe(200)
  })
})
