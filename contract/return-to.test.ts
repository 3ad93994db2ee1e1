import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ReturnPathSchema, safeReturnPath } from './return-to'

describe('safeReturnPath', () => {
  it.each([
    ['/crypto', '/crypto'],
    ['/crypto?currency=eur&sort=price', '/crypto?currency=eur&sort=price'],
    ['/coins/bitcoin?range=7d#chart', '/coins/bitcoin?range=7d#chart'],
    ['/', '/'],
    // Dot segments resolve on this site, as the browser would resolve them.
    ['/coins/../crypto', '/crypto'],
    ['/watchlist', '/watchlist'],
  ])('keeps the same-origin path %s', (input, path) => {
    expect(safeReturnPath(input)).toBe(path)
  })

  it.each([
    '//evil.com',
    '//evil.com/crypto',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'https://evil.com/crypto',
    'http:evil.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'crypto',
    '',
    ' /crypto',
    '/%2F%2Fevil.com',
    '/%2fevil.com',
    '%2F%2Fevil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '/\tevil.com',
    '/%09/evil.com',
    '/\n/evil.com',
    '/%0A/evil.com',
    '/%E0%A4%A',
    // Dot segments that resolve to a scheme-relative `//host`.
    '/.//evil.example/phish',
    '/a/..//evil.example/x',
    '/%2e%2e//evil.example/x',
    '/%2E/%2e%2E//evil.example/x',
    `/${'a'.repeat(1100)}`,
  ])('refuses %j', (input) => {
    expect(safeReturnPath(input)).toBeNull()
  })

  it.each([
    '/signin',
    '/signin?return=/crypto',
    '/signup',
    '/api/auth/session',
    '/coins/../signin',
  ])('does not send the visitor back to %s', (input) => {
    expect(safeReturnPath(input)).toBeNull()
  })

  // Paths made of the pieces that fool a parser: dot segments plain and encoded, slashes,
  // backslashes and a host. Whatever comes back is a path a browser resolves on this site.
  it('never answers a path that leaves the site', () => {
    const piece = fc.constantFrom('/', '.', '..', '%2e', '%2E%2e', '%2f', '\\', '%5c', 'x', '?')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = safeReturnPath(`/${pieces.join('')}`)
        if (path === null) return
        expect(path).toMatch(/^\/(?![/\\])/)
        expect(new URL(path, 'https://coinvera.example').origin).toBe('https://coinvera.example')
      }),
      { numRuns: 5000 },
    )
  })

  it('refuses what is not a string', () => {
    expect(safeReturnPath(undefined)).toBeNull()
    expect(safeReturnPath(['/crypto'])).toBeNull()
    expect(safeReturnPath({ toString: () => '/crypto' })).toBeNull()
  })
})

describe('ReturnPathSchema', () => {
  it('reads a safe path and drops anything else without an error', () => {
    const schema = v.object({ return: ReturnPathSchema })
    expect(v.parse(schema, { return: '/crypto' })).toEqual({ return: '/crypto' })
    expect(v.parse(schema, { return: '//evil.com' })).toEqual({ return: undefined })
    expect(v.parse(schema, { return: 42 })).toEqual({ return: undefined })
    expect(v.parse(schema, {})).toEqual({ return: undefined })
  })
})
