import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/server/helpers/clock'
import { openTestDb, type TestDb } from '../../tests/server/helpers/server'
import { accountStore } from '../db/accounts'
import { checkPassword } from './password'
import { signUp } from './sign-up'

let testDb: TestDb
beforeAll(async () => {
  testDb = await openTestDb()
})
afterAll(async () => {
  await testDb?.close()
})

describe('signUp', () => {
  it('stores an argon2id hash that verifies, and returns the account without it', async () => {
    const clock = manualClock(Date.parse('2026-06-01T12:00:00Z'))
    const accounts = accountStore(testDb.db)
    const account = await signUp(
      { accounts, clock },
      { name: 'Lin', email: 'Lin@Example.com', password: 'quiet-otter-5510' },
    )
    expect(account).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Lin',
      email: 'Lin@Example.com',
      phoneNumber: null,
      createdAt: '2026-06-01T12:00:00.000Z',
    })
    const { rows } = await testDb.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM accounts WHERE id = $1',
      [account?.id],
    )
    const stored = { passwordHash: rows[0]?.password_hash ?? '' }
    expect(await checkPassword(async () => stored, 'quiet-otter-5510')).toBe(stored)
    expect(await checkPassword(async () => stored, 'quiet-otter-5511')).toBeNull()

    const again = await signUp(
      { accounts, clock },
      { name: 'Lin', email: 'lin@example.COM', password: 'quiet-otter-5510' },
    )
    expect(again).toBeNull()
    expect(await accounts.count()).toBe(1)
  })
})
