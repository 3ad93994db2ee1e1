import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hasControlCharacters } from '@contract/control-characters'
import { SignInLimits } from '../../server/auth/sign-in-limits'
import { accountStore } from '../../server/db/accounts'
import { memoryLimiters } from '../../server/limits/rate-limiter'
import { manualClock } from './helpers/clock'
import { setUpTestDb } from './helpers/server'

// One key for an email address (contract/email.ts): whatever spelling finds an account is
// limited as that account, and a spelling limited apart finds none.

const testDb = setUpTestDb()
const EMAIL = 'Kate.Alice@sample.com'

/** Each letter of the address as itself or upper case, now and then full width or a look-alike. */
const LOOK_ALIKES: Record<string, string[]> = {
  i: ['\u0130', '\u0131'],
  k: ['\u212A'],
  s: ['ß', '\u017F'],
}
const spelling = fc
  .tuple(
    ...[...EMAIL].map((char) =>
      fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(char, char.toUpperCase(), char.toLowerCase()) },
        {
          weight: 1,
          arbitrary: fc.constant(String.fromCodePoint((char.codePointAt(0) ?? 0) + 0xfee0)),
        },
        { weight: 2, arbitrary: fc.constantFrom(char, ...(LOOK_ALIKES[char.toLowerCase()] ?? [])) },
      ),
    ),
  )
  .map((chars) => chars.join(''))
// Control characters never reach a lookup: the sign-in schema refuses them.
const anyString = fc
  .string({ unit: 'grapheme', maxLength: 30 })
  .filter((s) => !hasControlCharacters(s))

describe('an email address has one key', () => {
  it('for every string, the sign-in limit and the account lookup agree', async () => {
    const accounts = accountStore(testDb.db)
    const account = await accounts.create({
      name: 'Kate',
      email: EMAIL,
      passwordHash: 'not a hash',
      createdAt: new Date(0),
    })
    expect(account).not.toBeNull()
    const limits = new SignInLimits(memoryLimiters(manualClock(0)))
    // The account's failures from many addresses, until the account itself is refused.
    for (let i = 0; (await limits.begin(`198.51.100.${i % 250}/${i}`, EMAIL)).allowed; i++);

    let address = 0
    await fc.assert(
      fc.asyncProperty(fc.oneof(spelling, anyString), async (typed) => {
        const found = (await accounts.findCredentials(typed)) !== null
        const attempt = await limits.begin(`192.0.2.${address++}`, typed)
        if (attempt.allowed) await attempt.undo()
        expect(!attempt.allowed).toBe(found)
      }),
      { numRuns: 300 },
    )
  })

  it.each([
    ['kate.al\u0130ce@sample.com', false],
    ['kate.alice@ßample.com', false],
    ['\u212Aate.alice@sample.com', true],
    ['ＫＡＴＥ．ａｌｉｃｅ＠ｓａｍｐｌｅ．ｃｏｍ', true],
  ])('%s finds %s', async (typed, found) => {
    expect((await accountStore(testDb.db).findCredentials(typed)) !== null).toBe(found)
  })
})
