import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeListener } from './listener'
import { createLogger } from './logger'
import type { MarketAnswer, MarketReplies, MarketReply } from './market/replies'
import { createSecurityHeaders } from './middleware/security-headers'

const READY: MarketReply = {
  kind: 'reply',
  status: 200,
  dataSource: 'cache',
  body: new TextEncoder().encode('[]'),
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': '2' },
}

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

/** The listener on a loopback port, with an app that only counts what reaches it. */
async function start(replies: MarketReplies) {
  const toApp: string[] = []
  const lines: Record<string, unknown>[] = []
  const security = createSecurityHeaders({ connectSrc: [], hsts: true })
  const listener = nodeListener({
    fetch: (request: Request) => {
      toApp.push(new URL(request.url).pathname)
      return new Response('from the app', { status: 418 })
    },
    replies,
    security,
    logger: createLogger('info', (line) => lines.push(JSON.parse(line))),
  })
  server = createServer(listener)
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, toApp, lines, security }
}

describe('nodeListener', () => {
  it('sends a ready market reply itself, with the security headers, request id and log line', async () => {
    const asked: [string, string, string][] = []
    const s = await start((method, path, query) => {
      asked.push([method, path, query])
      return READY
    })
    const response = await fetch(`${s.url}/api/market/coins/markets?a=1`, {
      headers: { 'X-Request-Id': 'kept-1' },
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('[]')
    for (const [name, value] of s.security.fixed) expect(response.headers.get(name)).toBe(value)
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    expect(response.headers.get('x-request-id')).toBe('kept-1')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(asked).toEqual([['GET', '/api/market/coins/markets', 'a=1']])
    expect(s.toApp).toEqual([])
    expect(s.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'request',
        requestId: 'kept-1',
        method: 'GET',
        path: '/api/market/coins/markets',
        status: 200,
        durationMs: expect.any(Number),
        dataSource: 'cache',
      }),
    ])

    const head = await fetch(`${s.url}/api/market/search/trending`, { method: 'HEAD' })
    expect(head.headers.get('content-length')).toBe('2')
    expect(await head.text()).toBe('')
  })

  it('passes refusals, a cold cache, a failing reply and other paths to the app', async () => {
    const answers: (() => MarketAnswer)[] = [
      () => ({ kind: 'refusal', code: 'not_found' }),
      () => ({ kind: 'pending', reply: async () => READY }),
      () => {
        throw new Error('broken')
      },
    ]
    const s = await start(() => {
      const answer = answers.shift()
      if (!answer) throw new Error('asked more than once a request')
      return answer()
    })
    for (const path of ['/api/market/a', '/api/market/b', '/api/market/c', '/api/health', '/']) {
      const response = await fetch(`${s.url}${path}`)
      expect(await response.text()).toBe('from the app')
    }
    expect(s.toApp).toEqual(['/api/market/a', '/api/market/b', '/api/market/c', '/api/health', '/'])
    expect(answers).toEqual([])
    expect(s.lines).toEqual([])
  })
})
