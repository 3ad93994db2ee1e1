import argon2 from '@node-rs/argon2'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountStore } from '../db/accounts'
import { hashPassword } from './password'
import { checkCredentials } from './session'

// Counts hash checks; the real argon2 still runs underneath.
const verify = vi.spyOn(argon2, 'verify')

const PASSWORD = 'amber-lighthouse-window-8'

function accounts(passwordHash: string): AccountStore {
  return {
    create: async () => null,
    count: async () => 1,
    findCredentials: async (email) =>
      email.toLowerCase() === 'ada@example.com'
        ? { id: 'id-1', name: 'Ada', email: 'ada@example.com', emailVerified: false, passwordHash }
        : null,
    findCredentialsById: async () => null,
    setPasswordHash: async () => undefined,
    findProfile: async () => null,
    setProfile: async () => undefined,
    setEmail: async () => false,
    markEmailVerified: async () => undefined,
    delete: async () => undefined,
  }
}

describe('checkCredentials', () => {
  beforeEach(() => {
    verify.mockClear()
  })

  it('an unknown email still costs one argon2 check, as a wrong password does', async () => {
    const store = accounts(await hashPassword(PASSWORD))
    expect(
      await checkCredentials(
        { accounts: store },
        { username: 'x@example.com', password: PASSWORD },
      ),
    ).toBeNull()
    expect(verify).toHaveBeenCalledTimes(1)
    expect(verify.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$/)
    expect(
      await checkCredentials(
        { accounts: store },
        { username: 'ada@example.com', password: 'nope' },
      ),
    ).toBeNull()
    expect(verify).toHaveBeenCalledTimes(2)
  })

  it('the right password gives the user, without the hash', async () => {
    const store = accounts(await hashPassword(PASSWORD))
    expect(
      await checkCredentials(
        { accounts: store },
        { username: 'ada@example.com', password: PASSWORD },
      ),
    ).toEqual({
      id: 'id-1',
      name: 'Ada',
      email: 'ada@example.com',
      emailVerified: false,
    })
  })
})
