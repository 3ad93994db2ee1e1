import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type App, createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { createLogger } from '../../server/logger'
import { allCaches } from '../../server/market/service'
import { setUpTestDb, setUpTestServer } from './helpers/server'

// What app.ts's middleware does once for every route: the 405s, the origin check, the visitor.
const testDb = setUpTestDb()
const server = setUpTestServer({}, { db: testDb })

describe('405 with Allow', () => {
  // Every path that answers other methods itself, with a method it does not take. None sends
  // Origin or Sec-Fetch-Site: a method nobody takes gets its 405 before the origin check.
  it.each([
    ['GET', '/api/auth', 'POST'],
    ['PUT', '/api/auth/session', 'GET, POST, DELETE'],
    ['POST', '/api/auth/sessions', 'DELETE'],
    ['GET', '/api/auth/sessions/delete', 'POST'],
    ['GET', '/api/auth/sign-out', 'POST'],
    ['GET', '/api/auth/password-reset', 'POST'],
    ['PUT', '/api/auth/password-reset/confirm', 'POST'],
    ['GET', '/api/auth/verify-email', 'POST'],
    ['POST', '/api/account', 'GET, DELETE'],
    ['PUT', '/api/account/details', 'POST'],
    ['GET', '/api/account/email', 'POST'],
    ['GET', '/api/account/password', 'POST'],
    ['DELETE', '/api/account/verification-email', 'POST'],
    ['GET', '/api/account/delete', 'POST'],
    ['PUT', '/api/alerts', 'GET, POST'],
    ['GET', '/api/alerts/delete-by-link', 'POST'],
    ['POST', '/api/alerts/some-alert', 'DELETE'],
    ['GET', '/api/alerts/some-alert/delete', 'POST'],
    ['DELETE', '/api/alerts/some-alert/rearm', 'POST'],
    ['DELETE', '/api/watchlist', 'GET, POST'],
    ['GET', '/api/watchlist/bitcoin', 'PUT, DELETE, POST'],
    ['POST', '/api/market/watchlist', 'GET, HEAD'],
    ['POST', '/api/market/coins/markets', 'GET, HEAD'],
    ['POST', '/api/market/search/trending', 'GET, HEAD'],
    ['POST', '/api/market/global', 'GET, HEAD'],
    ['POST', '/api/market/coins/bitcoin', 'GET, HEAD'],
    ['PATCH', '/api/market/coins/bitcoin/market_chart', 'GET, HEAD'],
    ['POST', '/api/search', 'GET, HEAD'],
    ['POST', '/crypto', 'GET, HEAD'],
  ])('%s %s: Allow %s', async (method, path, allow) => {
    const response = await fetch(`${server.url}${path}`, { method })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe(allow)
    expect(await response.json()).toEqual({
      error: 'method_not_allowed',
      message: expect.any(String),
    })
  })
})

describe('the app itself', () => {
  let created: App
  beforeAll(() => {
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: testDb.dataDir,
      CLIENT_DIR: server.siteDir,
      MARKET_UPSTREAM_URL: 'http://127.0.0.1:9/api/v3',
    })
    created = createApp({ config, db: testDb.db, logger: createLogger('silent') })
  })
  afterAll(() => {
    for (const cache of allCaches(created.caches)) cache.close()
    created.coins.close()
    created.lists.close()
    created.shared.close()
  })

  it('refuses another site on every state-changing route it has, whatever the route', async () => {
    const routes = new Set(
      created.app.routes
        .filter((route) => !['ALL', 'GET', 'HEAD', 'OPTIONS'].includes(route.method))
        .map((route) => `${route.method} ${route.path}`),
    )
    // The routes of today, so that the loop below is known to have run over them.
    expect(routes.size).toBeGreaterThanOrEqual(24)
    for (const route of routes) {
      const [method = '', pattern = ''] = route.split(' ')
      const path = pattern.replace(':coinId', 'bitcoin').replace(':id', 'some-alert')
      const foreign: Record<string, string>[] = [
        { Origin: 'https://evil.example' },
        { 'Sec-Fetch-Site': 'cross-site' },
      ]
      for (const headers of foreign) {
        const response = await created.app.request(path, {
          method,
          headers: { 'Content-Type': 'application/json', ...headers },
          body: '{}',
        })
        expect(response.status, route).toBe(403)
        expect(await response.json(), route).toMatchObject({ error: 'forbidden_origin' })
      }
    }
  })
})

describe('the visitor', () => {
  it('is looked up for the API that needs it, never for a static file', async () => {
    const query = vi.spyOn(testDb.db, 'query')
    const sessionQueries = () =>
      query.mock.calls.filter(([sql]) => String(sql).includes('sessions')).length
    try {
      const cookie = { Cookie: `coinvera_session=${'x'.repeat(43)}` }
      const file = await fetch(`${server.url}/assets/index-abc123.js`, { headers: cookie })
      expect(file.status).toBe(200)
      expect(sessionQueries()).toBe(0)
      const asked = await fetch(`${server.url}/api/auth/session`, { headers: cookie })
      expect(asked.status).toBe(401)
      expect(sessionQueries()).toBeGreaterThan(0)
    } finally {
      query.mockRestore()
    }
  })
})
