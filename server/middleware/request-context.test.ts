import { type Context, Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { sessionCookies } from '../auth/session-cookie'
import { systemClock } from '../clock'
import type { TrustProxy } from '../config'
import type { AppEnv } from '../context'
import type { AccountStore } from '../db/accounts'
import type { SessionStore, SessionUser } from '../db/sessions'
import { RateLimiter } from '../limits/rate-limiter'
import { rateLimit } from './rate-limit'
import { clientAddress, viewer } from './request-context'

const peer = (address: string) =>
  ({ incoming: { socket: { remoteAddress: address } } }) as unknown as AppEnv['Bindings']

describe('clientAddress and rateLimit', () => {
  /** Statuses of requests from one proxy peer, each forwarding a different client. */
  async function statuses(trust: TrustProxy) {
    const app = new Hono<AppEnv>()
    app.use(clientAddress(trust))
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, clock: systemClock })
    app.get('/', rateLimit(limiter), (c) => c.text(c.var.clientAddress))
    const answers = []
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const response = await app.request(
        '/',
        { headers: { 'X-Forwarded-For': client } },
        peer('10.0.0.1'),
      )
      answers.push(`${response.status} ${await response.text()}`)
    }
    return answers
  }

  it('counts X-Forwarded-For only from a trusted proxy', async () => {
    // Untrusted: the header is the client's own claim, and every request is the peer's.
    expect((await statuses({ hops: 0 })).map((answer) => answer.slice(0, 3))).toEqual([
      '200',
      '429',
      '429',
    ])
    expect(await statuses({ hops: 1 })).toEqual([
      '200 198.51.100.1',
      '200 198.51.100.2',
      '200 198.51.100.3',
    ])
  })
})

describe('viewer', () => {
  const user: SessionUser = { id: 'a1', name: 'Ada', email: 'ada@example.com', emailVerified: true }

  function appWith(route: (c: Context<AppEnv>) => unknown) {
    const lookups: string[] = []
    const sessions = {
      findUser: async (tokenHash: string) => {
        lookups.push(tokenHash)
        return user
      },
      delete: async () => undefined,
    } as unknown as SessionStore
    const app = new Hono<AppEnv>()
    const cookies = sessionCookies({ secure: false, clock: systemClock })
    app.use(
      viewer({
        session: { sessions, accounts: {} as AccountStore, clock: systemClock },
        cookies,
      }),
    )
    app.get('/', async (c) => c.json((await route(c)) ?? null))
    return { app, lookups }
  }
  const withSession = { headers: { Cookie: 'coinvera_session=token-1' } }

  it('asks the database only when a handler wants the user, and once a request', async () => {
    const unasked = appWith(() => null)
    expect((await unasked.app.request('/', withSession)).status).toBe(200)
    expect(unasked.lookups).toHaveLength(0)

    const twice = appWith(async (c) => {
      await c.var.viewer.user()
      return c.var.viewer.user()
    })
    expect(await (await twice.app.request('/', withSession)).json()).toEqual(user)
    expect(twice.lookups).toHaveLength(1)
    // Without a cookie: nobody, at no cost.
    expect(await (await twice.app.request('/')).json()).toBeNull()
    expect(twice.lookups).toHaveLength(1)
  })

  it('reads the token from the cookie and sets or clears the cookies on the response', async () => {
    const set = appWith((c) => {
      c.var.viewer.setCookies('new-token', new Date(Date.now() + 60_000))
      return c.var.viewer.token ?? null
    })
    const started = await set.app.request('/', withSession)
    expect(await started.json()).toBe('token-1')
    expect(started.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^coinvera_session=new-token; Max-Age=60; .*HttpOnly/),
      expect.stringMatching(/^coinvera_signed_in=1; Max-Age=60; /),
    ])
    const cleared = appWith((c) => c.var.viewer.clearCookies())
    const ended = await cleared.app.request('/', withSession)
    expect(ended.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^coinvera_session=; Max-Age=0; /),
      expect.stringMatching(/^coinvera_signed_in=; Max-Age=0; /),
    ])
  })
})
