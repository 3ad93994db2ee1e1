import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { TrustProxy } from './config'
import { type AppEnv, clientAddressOf, isDirectLoopback, rateLimitKey } from './context'

/** The client address the app sees for a request from `peer` with this X-Forwarded-For. */
async function addressFor(trust: TrustProxy, peer: string, forwardedFor?: string) {
  const app = new Hono<AppEnv>()
  const address = clientAddressOf(trust)
  app.get('/', (c) => c.text(address(c)))
  const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}
  const env = { incoming: { socket: { remoteAddress: peer } } } as unknown as AppEnv['Bindings']
  return (await app.request('/', { headers }, env)).text()
}

describe('clientAddressOf', () => {
  it('without trusted proxies: the socket peer, whatever the header says', async () => {
    expect(await addressFor({ hops: 0 }, '203.0.113.5', '198.51.100.1')).toBe('203.0.113.5')
    // An IPv4 client of a dual-stack socket is plain IPv4.
    expect(await addressFor({ hops: 0 }, '::ffff:203.0.113.5')).toBe('203.0.113.5')
  })

  it('with a number of hops: that many from the right, never further than the header goes', async () => {
    const chain = '198.51.100.66, 203.0.113.9, 10.0.0.2'
    expect(await addressFor({ hops: 1 }, '10.0.0.1', chain)).toBe('10.0.0.2')
    expect(await addressFor({ hops: 2 }, '10.0.0.1', chain)).toBe('203.0.113.9')
    expect(await addressFor({ hops: 1 }, '10.0.0.1')).toBe('10.0.0.1')
    expect(await addressFor({ hops: 5 }, '10.0.0.1', '203.0.113.9')).toBe('203.0.113.9')
    // A hop that is not an IP address is skipped.
    expect(await addressFor({ hops: 1 }, '10.0.0.1', '203.0.113.9, unknown, ')).toBe('203.0.113.9')
    expect(await addressFor({ hops: 1 }, '10.0.0.1', '2001:DB8::7')).toBe('2001:db8::7')
  })

  it('with a list: the header counts only from a listed proxy, read up to the first address not listed', async () => {
    const trust = { proxies: ['10.0.0.0/8', '2001:db8:ffff::/48', '192.0.2.1'] }
    const chain = '198.51.100.66, 203.0.113.9, 10.1.2.3'
    expect(await addressFor(trust, '10.0.0.1', chain)).toBe('203.0.113.9')
    expect(await addressFor(trust, '192.0.2.1', chain)).toBe('203.0.113.9')
    expect(await addressFor(trust, '::ffff:10.0.0.1', chain)).toBe('203.0.113.9')
    expect(await addressFor(trust, '2001:db8:ffff:1::5', '2001:db8:1:2::3')).toBe('2001:db8:1:2::3')
    // From anyone else the header is ignored: a client cannot claim another address.
    expect(await addressFor(trust, '203.0.113.200', chain)).toBe('203.0.113.200')
    expect(await addressFor(trust, '192.0.2.2', chain)).toBe('192.0.2.2')
    // A junk hop is skipped; a chain of proxies only ends at its first entry.
    expect(await addressFor(trust, '10.0.0.1', '203.0.113.9, not-an-ip')).toBe('203.0.113.9')
    expect(await addressFor(trust, '10.0.0.1', '10.0.0.7')).toBe('10.0.0.7')
  })
})

describe('isDirectLoopback', () => {
  async function direct(peer: string, headers: Record<string, string> = {}) {
    const app = new Hono<AppEnv>()
    app.get('/', (c) => c.text(String(isDirectLoopback(c))))
    const env = { incoming: { socket: { remoteAddress: peer } } } as unknown as AppEnv['Bindings']
    return (await app.request('/', { headers }, env)).text()
  }

  it('a loopback peer, IPv4 or IPv6, that no proxy header names as a forwarder', async () => {
    for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(await direct(peer), peer).toBe('true')
    for (const peer of ['192.0.2.1', '10.0.0.1', '::ffff:192.0.2.1', '2001:db8::1', ''])
      expect(await direct(peer), peer).toBe('false')
    // A proxy on this machine connects from loopback too, and says whom it forwards.
    for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP'])
      expect(await direct('127.0.0.1', { [header]: '203.0.113.7' }), header).toBe('false')
  })
})

describe('rateLimitKey', () => {
  it('an IPv4 address as is, an IPv6 address as its /64 in one spelling', () => {
    expect(rateLimitKey('203.0.113.5')).toBe('203.0.113.5')
    expect(rateLimitKey('2001:db8:1:2::3')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64')
    expect(rateLimitKey('64:ff9b::203.0.113.5')).toBe('64:ff9b:0:0::/64')
  })
})
