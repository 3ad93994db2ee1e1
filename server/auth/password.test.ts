import { describe, expect, it } from 'vitest'
import { hashPassword, normalisePassword, verifyPassword } from './password'

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('granite-meadow-7710')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(hash, 'granite-meadow-7710')).toBe(true)
    expect(await verifyPassword(hash, 'granite-meadow-7711')).toBe(false)
  })

  it('NFKC: the same characters typed another way are the same password', async () => {
    // "é" as one code point and as "e" plus a combining accent; full-width letters and digits.
    const composed = 'caf\u00e9-au-lait-42'
    const decomposed = 'cafe\u0301-au-lait-42'
    expect(composed).not.toBe(decomposed)
    expect(normalisePassword(decomposed)).toBe(composed)
    const hash = await hashPassword(composed)
    expect(await verifyPassword(hash, decomposed)).toBe(true)

    const wide = await hashPassword(
      '\uff4c\uff49\uff47\uff48\uff54\uff48\uff4f\uff55\uff53\uff45\uff17',
    )
    expect(await verifyPassword(wide, 'lighthouse7')).toBe(true)
  })
})
