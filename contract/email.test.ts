import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalizeEmail } from './email'

describe('normalizeEmail', () => {
  it.each([
    ['  Alice@Example.COM ', 'alice@example.com'],
    // Full-width letters and the Kelvin sign are the plain letters.
    ['ａｌｉｃｅ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'alice@example.com'],
    ['\u212Aate@example.com', 'kate@example.com'],
    // The dotted capital I lower-cases to "i" and a combining dot: not the plain "i".
    ['al\u0130ce@example.com', 'ali\u0307ce@example.com'],
    // No case folding beyond lower case: "ß" is not "ss".
    ['STRAẞE@example.com', 'straße@example.com'],
  ])('keys %j as %j', (input, key) => {
    expect(normalizeEmail(input)).toBe(key)
  })

  it('is idempotent: a key is its own key', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        const key = normalizeEmail(value)
        expect(normalizeEmail(key)).toBe(key)
      }),
      { numRuns: 5000 },
    )
  })
})
