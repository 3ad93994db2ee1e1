import { afterAll, beforeAll, expect, it } from 'vitest'
import { PORTFOLIO_MAX, type TransactionInput } from '../../../contract/portfolio'
import { type FakeUpstream, startFakeUpstream } from '../../support/fake-upstream'
import type { TestServer } from './server'

// The portfolio API's suite, over a real server on loopback: run on PGlite
// (tests/server/portfolio.test.ts) and on PostgreSQL (portfolio-postgres.test.ts).

export const PASSWORD = 'amber-orchard-signal-58'
const COINS = [
  { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
  { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
]

export type PortfolioBackend = {
  /** A server on the backend's database with `env` on top; the suite stops it. */
  start(env: Record<string, string>): Promise<TestServer>
  /** Rows of the database behind the servers. */
  count(sql: string, params: unknown[]): Promise<number>
}

export const buy = (extra: Partial<TransactionInput> = {}): TransactionInput => ({
  type: 'buy',
  coinId: 'bitcoin',
  quantity: '0.5',
  price: '61250.5',
  currency: 'usd',
  at: '2026-11-28T14:05:00.000Z',
  fee: '1.5',
  note: 'first buy',
  ...extra,
})

export function portfolioSuite(backend: () => PortfolioBackend) {
  let upstream: FakeUpstream
  let server: TestServer
  const servers: TestServer[] = []
  let serial = 0

  const startServer = async (env: Record<string, string> = {}) => {
    const started = await backend().start({
      MARKET_UPSTREAM_URL: upstream.url,
      PORTFOLIO_RATE_LIMIT: '100000',
      ...env,
    })
    servers.push(started)
    return started
  }

  beforeAll(async () => {
    upstream = await startFakeUpstream({ kind: 'ok' })
    upstream.behave({ kind: 'ok', body: JSON.stringify(COINS) }, 'coins/list')
    server = await startServer()
  }, 120_000)
  afterAll(async () => {
    for (const one of servers) await one.dispose()
    await upstream?.close()
  })

  const send = (
    method: string,
    path: string,
    cookie: string,
    body?: unknown,
    on: TestServer = server,
  ) =>
    fetch(`${on.url}/api/portfolio${path}`, {
      method,
      headers: {
        Cookie: cookie,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  const add = (cookie: string, transactions: unknown[], on?: TestServer) =>
    send('POST', '/transactions', cookie, { transactions }, on)
  const list = async (cookie: string) => {
    const response = await send('GET', '', cookie)
    expect(response.status).toBe(200)
    return (await response.json()).transactions as { id: string }[]
  }

  /** A new signed-in account: its Cookie header and email. */
  async function account(on: TestServer = server) {
    const email = `holder-${Date.now()}-${serial++}@example.com`
    const signUp = await fetch(`${on.url}/api/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Lovelace', email, password: PASSWORD }),
    })
    expect(signUp.status).toBe(201)
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    return { cookie, email }
  }

  it('answers 401 to a visitor, for reading and changing', async () => {
    const id = '6f1f7a8e-8d2a-4c1e-9a3b-2b7c0c1d2e3f'
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/transactions', { transactions: [buy()] }],
      ['PUT', `/transactions/${id}`, buy()],
      ['DELETE', `/transactions/${id}`, undefined],
    ] as const) {
      const response = await send(method, path, '', body)
      expect(response.status, `${method} ${path}`).toBe(401)
      expect(await response.json()).toMatchObject({ error: 'unauthenticated' })
    }
  })

  it('adds, edits and deletes, answering the whole list with exact decimals each time', async () => {
    const { cookie } = await account()
    expect(await list(cookie)).toEqual([])
    const added = await add(cookie, [
      buy({ quantity: '0.123456789012345678', price: '99999999999999999999.99' }),
      buy({ type: 'transfer_in', price: null, fee: '0', note: '' }),
    ])
    expect(added.status).toBe(201)
    expect(added.headers.get('cache-control')).toBe('private, no-store')
    const { transactions } = await added.json()
    expect(transactions).toEqual([
      {
        id: expect.any(String),
        ...buy({ quantity: '0.123456789012345678', price: '99999999999999999999.99' }),
      },
      { id: expect.any(String), ...buy({ type: 'transfer_in', price: null, fee: '0', note: '' }) },
    ])
    const [first, second] = transactions
    const edited = await send('PUT', `/transactions/${first.id}`, cookie, buy({ quantity: '2' }))
    expect(edited.status).toBe(200)
    expect((await edited.json()).transactions).toEqual([
      { id: first.id, ...buy({ quantity: '2' }) },
      second,
    ])
    const deleted = await send('DELETE', `/transactions/${second.id}`, cookie)
    expect(deleted.status).toBe(200)
    expect((await deleted.json()).transactions).toEqual([
      { id: first.id, ...buy({ quantity: '2' }) },
    ])
    expect((await send('DELETE', `/transactions/${second.id}`, cookie)).status).toBe(404)
  })

  it('refuses a sell past the holding at its date, whichever change would cause it', async () => {
    const { cookie } = await account()
    const sell = buy({ type: 'sell', quantity: '0.5', at: '2026-11-29T00:00:00.000Z' })
    const early = await add(cookie, [{ ...sell, at: '2026-11-01T00:00:00.000Z' }, buy()])
    expect(early.status).toBe(409)
    expect(await early.json()).toMatchObject({ error: 'exceeds_holding' })
    // All or nothing: the buy in the refused request is not there either.
    expect(await list(cookie)).toEqual([])

    const { transactions } = await (await add(cookie, [buy(), sell])).json()
    const [held, sold] = transactions
    const editBuy = await send('PUT', `/transactions/${held.id}`, cookie, buy({ quantity: '0.4' }))
    expect(editBuy.status).toBe(409)
    const deleteBuy = await send('DELETE', `/transactions/${held.id}`, cookie)
    expect(deleteBuy.status).toBe(409)
    expect(await deleteBuy.json()).toMatchObject({ error: 'exceeds_holding' })
    expect(await list(cookie)).toEqual(transactions)
    expect((await send('DELETE', `/transactions/${sold.id}`, cookie)).status).toBe(200)
    expect((await send('DELETE', `/transactions/${held.id}`, cookie)).status).toBe(200)
  })

  it(`holds ${PORTFOLIO_MAX} transactions: past them, 409 portfolio_full and nothing added`, async () => {
    const { cookie } = await account()
    const many = Array.from({ length: PORTFOLIO_MAX - 1 }, (_, i) =>
      buy({ quantity: `0.${i + 1}`, note: `row ${i} `.repeat(20).trim() }),
    )
    const filled = await add(cookie, many)
    expect(filled.status).toBe(201)
    const full = await add(cookie, [buy(), buy()])
    expect(full.status).toBe(409)
    expect(await full.json()).toMatchObject({ error: 'portfolio_full' })
    expect(await list(cookie)).toHaveLength(PORTFOLIO_MAX - 1)
    expect((await add(cookie, [buy()])).status).toBe(201)
    expect((await add(cookie, [buy()])).status).toBe(409)
    expect(await list(cookie)).toHaveLength(PORTFOLIO_MAX)
  })

  it('two tabs adding at once never pass the cap', async () => {
    const { cookie } = await account()
    await add(
      cookie,
      Array.from({ length: PORTFOLIO_MAX - 1 }, () => buy()),
    )
    const answers = await Promise.all([1, 2, 3, 4].map(() => add(cookie, [buy()])))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409])
    expect(await list(cookie)).toHaveLength(PORTFOLIO_MAX)
  })

  it('never lets one account see or change another’s transactions', async () => {
    const ada = await account()
    const bob = await account()
    const { transactions } = await (await add(ada.cookie, [buy()])).json()
    const [mine] = transactions
    expect(await list(bob.cookie)).toEqual([])
    const put = await send('PUT', `/transactions/${mine.id}`, bob.cookie, buy({ quantity: '9' }))
    expect(put.status).toBe(404)
    expect(await put.json()).toMatchObject({ error: 'not_found' })
    const del = await send('DELETE', `/transactions/${mine.id}`, bob.cookie)
    expect(del.status).toBe(404)
    expect(await list(ada.cookie)).toEqual(transactions)
    // Bob's own sell counts Bob's holding only, never Ada's.
    const sell = await add(bob.cookie, [buy({ type: 'sell', at: '2026-12-01T00:00:00.000Z' })])
    expect(sell.status).toBe(409)
  })

  it('goes with its account: deleting the account deletes its transactions', async () => {
    const { cookie, email } = await account()
    await add(cookie, [buy(), buy()])
    const rows = () =>
      backend().count(
        `SELECT count(*)::int AS n FROM portfolio_transactions t
         JOIN accounts a ON a.id = t.account_id WHERE a.email = $1`,
        [email],
      )
    expect(await rows()).toBe(2)
    const before = await backend().count(
      'SELECT count(*)::int AS n FROM portfolio_transactions',
      [],
    )
    const deleted = await fetch(`${server.url}/api/account`, {
      method: 'DELETE',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(deleted.status).toBe(204)
    expect(await rows()).toBe(0)
    expect(await backend().count('SELECT count(*)::int AS n FROM portfolio_transactions', [])).toBe(
      before - 2,
    )
  })

  it('answers bad input with JSON errors and changes nothing', async () => {
    const { cookie } = await account()
    const cases: [string, string, RequestInit, number, string][] = [
      [
        'POST',
        '/transactions',
        { body: '{"transactions": [', headers: json },
        400,
        'malformed_json',
      ],
      [
        'POST',
        '/transactions',
        {
          body: 'type=buy',
          headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin' },
        },
        415,
        'unsupported_media_type',
      ],
      ['POST', '/transactions', body({ transactions: [] }), 400, 'validation_failed'],
      [
        'POST',
        '/transactions',
        body({ transactions: [buy({ quantity: '-1' })] }),
        400,
        'validation_failed',
      ],
      [
        'POST',
        '/transactions',
        body({ transactions: [buy({ quantity: '1e3' })] }),
        400,
        'validation_failed',
      ],
      [
        'POST',
        '/transactions',
        body({ transactions: [buy({ quantity: 0.1 as never })] }),
        400,
        'validation_failed',
      ],
      [
        'POST',
        '/transactions',
        body({ transactions: [buy({ price: null })] }),
        400,
        'validation_failed',
      ],
      [
        'POST',
        '/transactions',
        body({ transactions: [buy({ at: 'yesterday' })] }),
        400,
        'validation_failed',
      ],
      [
        'POST',
        '/transactions',
        body({ transactions: [buy({ currency: 'xyz' as never })] }),
        400,
        'validation_failed',
      ],
      [
        'POST',
        '/transactions',
        body({ transactions: [buy({ coinId: 'no-such-coin' })] }),
        404,
        'unknown_coin',
      ],
      ['PUT', '/transactions/not-an-id', body(buy()), 404, 'not_found'],
      ['PATCH', '/transactions', body(buy()), 405, 'method_not_allowed'],
      ['DELETE', '', {}, 405, 'method_not_allowed'],
    ]
    for (const [method, path, init, status, error] of cases) {
      const response = await fetch(`${server.url}/api/portfolio${path}`, {
        method,
        ...init,
        headers: { Cookie: cookie, ...(init.headers as Record<string, string>) },
      })
      expect(response.status, `${method} ${path} ${String(init.body).slice(0, 80)}`).toBe(status)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      const answer = await response.json()
      expect(answer).toMatchObject({ error })
      expect(typeof answer.message).toBe('string')
    }
    const refused = await add(cookie, [buy({ quantity: 'lots' })])
    expect((await refused.json()).issues).toEqual([
      { field: 'transactions.0.quantity', message: 'Enter a quantity as a number, such as 0.25.' },
    ])
    expect(await list(cookie)).toEqual([])
  })

  it('adds with a plain form: 303 back to the page, with a code on a refusal', async () => {
    const { cookie } = await account()
    const post = (who: string, fields: Record<string, string>) =>
      fetch(`${server.url}/api/portfolio/transactions`, {
        method: 'POST',
        headers: { Cookie: who, ...form },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      })
    const fields = {
      type: 'buy',
      coinId: 'bitcoin',
      quantity: '0.25',
      price: '60000',
      currency: 'usd',
      // As `datetime-local` sends it: no zone, read as UTC.
      at: '2026-11-28T14:05',
      fee: '',
      note: 'by form',
    }
    const added = await post(cookie, fields)
    expect(added.status).toBe(303)
    expect(added.headers.get('location')).toBe('/portfolio?done=added')
    expect(await list(cookie)).toEqual([
      {
        id: expect.any(String),
        ...fields,
        price: '60000',
        fee: '0',
        at: '2026-11-28T14:05:00.000Z',
      },
    ])
    const bad = await post(cookie, { ...fields, quantity: 'lots' })
    expect(bad.headers.get('location')).toBe('/portfolio?error=validation_failed')
    const oversold = await post(cookie, { ...fields, type: 'sell', quantity: '1' })
    expect(oversold.headers.get('location')).toBe('/portfolio?error=exceeds_holding')
    expect(await list(cookie)).toHaveLength(1)
    const visitor = await post('', fields)
    expect(visitor.status).toBe(303)
    expect(visitor.headers.get('location')).toBe('/signin?return=%2Fportfolio')
  })

  it('edits and deletes with plain forms, by the same rules, back to the page with a code', async () => {
    const { cookie } = await account()
    const other = await account()
    const [mine] = await (await add(cookie, [buy()])).json().then((a) => a.transactions)
    const [theirs] = await (await add(other.cookie, [buy()])).json().then((a) => a.transactions)
    const post = (who: string, path: string, fields: Record<string, string> = {}) =>
      fetch(`${server.url}/api/portfolio/transactions/${path}`, {
        method: 'POST',
        headers: { Cookie: who, ...form },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      })
    const fields = {
      type: 'buy',
      coinId: 'bitcoin',
      quantity: '2',
      price: '50000',
      currency: 'eur',
      at: '2026-11-28T15:00',
      fee: '',
      note: 'edited by form',
    }
    const edited = await post(cookie, `${mine.id}/edit`, fields)
    expect(edited.status).toBe(303)
    expect(edited.headers.get('location')).toBe('/portfolio?done=edited')
    expect(edited.headers.get('cache-control')).toBe('private, no-store')
    expect(await list(cookie)).toEqual([
      { id: mine.id, ...fields, fee: '0', at: '2026-11-28T15:00:00.000Z' },
    ])
    // The same refusals as the API's, each as its code.
    const refusals: [string, Record<string, string>, string][] = [
      [`${mine.id}/edit`, { ...fields, quantity: 'lots' }, 'validation_failed'],
      [`${mine.id}/edit`, { ...fields, coinId: 'no-such-coin' }, 'unknown_coin'],
      [`${mine.id}/edit`, { ...fields, type: 'sell' }, 'exceeds_holding'],
      // Another account's transaction is as absent as one that never was.
      [`${theirs.id}/edit`, fields, 'not_found'],
      [`${theirs.id}/delete`, {}, 'not_found'],
      ['not-an-id/delete', {}, 'not_found'],
    ]
    for (const [path, body, code] of refusals) {
      const response = await post(cookie, path, body)
      expect(response.headers.get('location'), path).toBe(`/portfolio?error=${code}`)
    }
    expect(await list(other.cookie)).toEqual([{ ...theirs }])
    expect((await list(cookie))[0]).toMatchObject({ quantity: '2', note: 'edited by form' })
    // A visitor is sent to sign in; JSON is the API's, at PUT and DELETE.
    const visitor = await post('', `${mine.id}/delete`)
    expect(visitor.headers.get('location')).toBe('/signin?return=%2Fportfolio')
    const asJson = await fetch(`${server.url}/api/portfolio/transactions/${mine.id}/delete`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(asJson.status).toBe(415)
    expect(await asJson.json()).toMatchObject({ error: 'unsupported_media_type' })
    const deleted = await post(cookie, `${mine.id}/delete`)
    expect(deleted.status).toBe(303)
    expect(deleted.headers.get('location')).toBe('/portfolio?done=deleted')
    expect(await list(cookie)).toEqual([])
    // Another site's form is refused before anything changes.
    const foreign = await fetch(`${server.url}/api/portfolio/transactions/${theirs.id}/delete`, {
      method: 'POST',
      headers: { Cookie: other.cookie, ...form, 'Sec-Fetch-Site': 'cross-site' },
      body: '',
      redirect: 'manual',
    })
    expect(foreign.status).toBe(403)
    expect(await list(other.cookie)).toHaveLength(1)
  })

  it('limits form changes by PORTFOLIO_RATE_LIMIT as the API', async () => {
    const limited = await startServer({ PORTFOLIO_RATE_LIMIT: '1', TRUST_PROXY: '1' })
    const { cookie } = await account(limited)
    const client = `198.51.100.${(serial % 250) + 1}`
    const remove = () =>
      fetch(
        `${limited.url}/api/portfolio/transactions/6f1f7a8e-8d2a-4c1e-9a3b-2b7c0c1d2e3f/delete`,
        {
          method: 'POST',
          headers: { Cookie: cookie, 'X-Forwarded-For': client, ...form },
          body: '',
          redirect: 'manual',
        },
      )
    expect((await remove()).headers.get('location')).toBe('/portfolio?error=not_found')
    expect((await remove()).headers.get('location')).toBe('/portfolio?error=rate_limited')
  })

  it('refuses changes from another site', async () => {
    const { cookie } = await account()
    const foreign: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example' },
    ]
    for (const headers of foreign) {
      const response = await fetch(`${server.url}/api/portfolio/transactions`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ transactions: [buy()] }),
      })
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ error: 'forbidden_origin' })
    }
    expect(await list(cookie)).toEqual([])
  })

  it('limits changes per client to PORTFOLIO_RATE_LIMIT a minute, reading apart', async () => {
    // A client address of its own: on PostgreSQL the count is the whole deployment's.
    const limited = await startServer({ PORTFOLIO_RATE_LIMIT: '3', TRUST_PROXY: '1' })
    const { cookie } = await account(limited)
    const client = `203.0.113.${(serial % 250) + 1}`
    const change = () =>
      fetch(`${limited.url}/api/portfolio/transactions`, {
        method: 'POST',
        headers: { Cookie: cookie, 'X-Forwarded-For': client, ...json },
        body: JSON.stringify({ transactions: [buy()] }),
      })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await change()).status)
    expect(statuses).toEqual([201, 201, 201, 429])
    const refused = await change()
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' })
    expect((await send('GET', '', cookie, undefined, limited)).status).toBe(200)
  })
}

const json = { 'Content-Type': 'application/json' }
const form = {
  'Content-Type': 'application/x-www-form-urlencoded',
  'Sec-Fetch-Site': 'same-origin',
}
const body = (value: unknown): RequestInit => ({ body: JSON.stringify(value), headers: json })
