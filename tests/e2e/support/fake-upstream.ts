import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

const fixture = (name: string) =>
  readFileSync(new URL(`../../../mocks/fixtures/${name}`, import.meta.url), 'utf8')

/** The upstream responses in their exact shape; image URLs point at CoinGecko's hosts. */
export const FIXTURES: Record<string, string> = {
  '/coins/markets': fixture('coins-markets.json'),
  '/search/trending': fixture('search-trending.json'),
}

export type UpstreamMode = { kind: 'ok'; delayMs?: number } | { kind: 'fail'; status: number }

export type FakeUpstream = {
  url: string
  /** Paths the server asked for, in order. */
  calls: string[]
  set(mode: UpstreamMode): void
  close(): Promise<void>
}

/** A stand-in for CoinGecko on 127.0.0.1, serving the MSW fixtures at the upstream's paths. */
export async function startFakeUpstream(
  initial: UpstreamMode = { kind: 'ok' },
): Promise<FakeUpstream> {
  let mode = initial
  const calls: string[] = []
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()

  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://upstream').pathname
    calls.push(path)
    const body = FIXTURES[path]
    if (!body) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}')
      return
    }
    const current = mode
    if (current.kind === 'fail') {
      res
        .writeHead(current.status, { 'Content-Type': 'application/json' })
        .end('{"status":{"error_code":500,"error_message":"upstream down"}}')
      return
    }
    const send = () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body)
    if (!current.delayMs) return send()
    const timer = setTimeout(() => {
      timers.delete(timer)
      send()
    }, current.delayMs)
    timers.add(timer)
  }

  const server = createServer(answer)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    set: (next) => {
      mode = next
    },
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
