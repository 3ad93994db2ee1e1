import { BlockList, isIP } from 'node:net'
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { TrustProxy } from './config'
import type { SessionUser } from './db/sessions'

/**
 * Who the browser says it is: its session cookie, and the session's user. The user is looked up
 * when first asked, once a request, so a request that never asks (a static file, market data)
 * costs no query.
 */
export type Viewer = {
  /** The session token the browser sent, if any. */
  readonly token: string | undefined
  /** The live session's user, else null. */
  user(): Promise<SessionUser | null>
  /** Sets the session's cookies on the response: a session that starts. */
  setCookies(token: string, expiresAt: Date): void
  /** Clears them from the browser. */
  clearCookies(): void
  /** The headers that clear them, for an error's answer. */
  readonly cleared: { 'Set-Cookie': string[] }
}

/** The Hono environment every sub-app shares; app.ts's middleware sets these for every request. */
export type AppEnv = {
  Bindings: Partial<HttpBindings>
  Variables: {
    requestId: string
    /** The client's address (`clientAddressOf`), found once. */
    clientAddress: string
    viewer: Viewer
  }
}

// One spelling per address: an IPv4 client of a dual-stack socket as plain IPv4, no zone index.
function plainAddress(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, '')
  const mapped = bare.startsWith('::ffff:') ? bare.slice(7) : ''
  return isIP(mapped) === 4 ? mapped : bare
}

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return list
}

/**
 * How the client's address is found. Without trusted proxies it is the socket peer. Behind them,
 * X-Forwarded-For is read from the right, where each proxy appended the address it saw: with a
 * number of hops, the address that many hops from the peer; with a list, the first address that
 * is not one of the proxies. Entries that are not IP addresses are skipped; entries further left
 * are whatever the client chose to send, and are never reached.
 */
export function clientAddressOf(trust: TrustProxy): (c: Context<AppEnv>) => string {
  const proxies = 'proxies' in trust ? blockListOf(trust.proxies) : null
  const hops = 'hops' in trust ? trust.hops : 0
  return (c) => {
    const peer = plainAddress(c.env?.incoming?.socket.remoteAddress ?? '')
    if (!isIP(peer)) return 'unknown'
    if (!proxies && hops === 0) return peer
    const chain = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map(plainAddress)
      .filter((hop) => isIP(hop) !== 0)
    chain.push(peer)
    if (!proxies) return chain.at(-1 - hops) ?? chain[0] ?? peer
    let address = chain.pop() ?? peer
    while (chain.length > 0 && proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) {
      address = chain.pop() ?? address
    }
    return address
  }
}

const LOOPBACK = blockListOf(['127.0.0.0/8', '::1'])
// Each names a client behind a proxy; a proxy on this machine would otherwise look local.
const FORWARDING_HEADERS = ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']

/**
 * Whether the request comes from this machine itself: the socket peer is a loopback address and
 * no proxy header says it forwards someone else's request (nginx on the same host connects from
 * 127.0.0.1, and adds X-Forwarded-For). Whatever TRUST_PROXY says.
 */
export function isDirectLoopback(c: Context<AppEnv>): boolean {
  const peer = plainAddress(c.env?.incoming?.socket.remoteAddress ?? '')
  const family = isIP(peer)
  if (family === 0 || !LOOPBACK.check(peer, family === 6 ? 'ipv6' : 'ipv4')) return false
  return FORWARDING_HEADERS.every((name) => c.req.header(name) === undefined)
}

/** What rate limits count for the request's client (`rateLimitKey` of its address). */
export function clientKey(c: Context<AppEnv>): string {
  return rateLimitKey(c.var.clientAddress)
}

/**
 * What rate limits count: the address, or for IPv6 its /64, since one subscriber usually holds a
 * whole /64 and could otherwise take a fresh address for every attempt.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address
  // The URL parser writes IPv6 in one canonical form (lower case, longest zero run as ::).
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1)
  const [head = '', tail] = canonical.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${groups.slice(0, 4).join(':')}::/64`
}
