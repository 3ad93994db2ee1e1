import { describe, expect, it } from 'vitest'
import { checkPassword, hashPassword, normalisePassword } from './password'

const record = async (password: string) => ({
  id: 'a1',
  passwordHash: await hashPassword(password),
})

describe('password hashing', () => {
  it('hashes with argon2id; a check gives the record back only for the same password', async () => {
    const account = await record('granite-meadow-7710')
    expect(account.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await checkPassword(async () => account, 'granite-meadow-7710')).toBe(account)
    expect(await checkPassword(async () => account, 'granite-meadow-7711')).toBeNull()
    expect(await checkPassword(async () => null, 'granite-meadow-7710')).toBeNull()
  })

  it('NFKC: the same characters typed another way are the same password', async () => {
    // "é" as one code point and as "e" plus a combining accent; full-width letters and digits.
    const composed = 'caf\u00e9-au-lait-42'
    const decomposed = 'cafe\u0301-au-lait-42'
    expect(composed).not.toBe(decomposed)
    expect(normalisePassword(decomposed)).toBe(composed)
    const account = await record(composed)
    expect(await checkPassword(async () => account, decomposed)).toBe(account)

    const wide = await record('\uff4c\uff49\uff47\uff48\uff54\uff48\uff4f\uff55\uff53\uff45\uff17')
    expect(await checkPassword(async () => wide, 'lighthouse7')).toBe(wide)
  })
})
