import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

const fixture = (name: string) =>
  readFileSync(new URL(`../../../mocks/fixtures/${name}`, import.meta.url), 'utf8')
const FIXTURES: Record<string, string> = {
  '/api/v3/coins/markets': fixture('coins-markets.json'),
  '/api/v3/search/trending': fixture('search-trending.json'),
}

/** How the fake CoinGecko answers; each test picks the fault it needs. */
export type Behaviour =
  | { kind: 'ok'; delayMs?: number; body?: string }
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'html' }
  | { kind: 'wrong-shape' }
  | { kind: 'hang' }
  | { kind: 'reset' }

export type UpstreamCall = { path: string; query: string; headers: IncomingMessage['headers'] }

export type FakeUpstream = {
  url: string
  calls: UpstreamCall[]
  behave(behaviour: Behaviour): void
  callsTo(path: 'coins/markets' | 'search/trending'): UpstreamCall[]
  close(): Promise<void>
}

/** A stand-in for CoinGecko on 127.0.0.1, serving the fixtures under /api/v3. */
export async function startFakeUpstream(
  initial: Behaviour = { kind: 'ok' },
): Promise<FakeUpstream> {
  let behaviour = initial
  const calls: UpstreamCall[] = []
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://upstream')
    calls.push({ path: url.pathname, query: url.search, headers: req.headers })
    const body = FIXTURES[url.pathname]
    if (!body) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}')
      return
    }
    const b = behaviour
    switch (b.kind) {
      case 'ok': {
        const send = () =>
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(b.body ?? body)
        if (!b.delayMs) return send()
        const timer = setTimeout(() => {
          timers.delete(timer)
          send()
        }, b.delayMs)
        timers.add(timer)
        return
      }
      case 'status':
        res
          .writeHead(b.status, { 'Content-Type': 'application/json', ...b.headers })
          .end(b.body ?? '{"status":{"error_code":429,"error_message":"rate limited"}}')
        return
      case 'html':
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end('<!doctype html><title>Just a moment…</title><p>Checking your browser</p>')
        return
      case 'wrong-shape':
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"coins":"soon"}')
        return
      case 'hang':
        return
      case 'reset':
        req.socket.destroy()
        return
    }
  }

  const server = createServer(answer)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/api/v3`,
    calls,
    behave: (next) => {
      behaviour = next
    },
    callsTo: (path) => calls.filter((call) => call.path === `/api/v3/${path}`),
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
