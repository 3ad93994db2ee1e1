import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/server/helpers/clock'
import { setUpTestDb } from '../../tests/server/helpers/server'
import { accountTokenStore } from '../db/account-tokens'
import { hashToken } from './session'
import { issueToken, redeemToken, TOKEN_TTL_MS } from './tokens'

const testDb = setUpTestDb()

async function account(): Promise<string> {
  const id = randomUUID()
  await testDb.db.query(
    `INSERT INTO accounts (id, name, email, email_key, password_hash) VALUES ($1, 'Ada', $2, $2, 'x')`,
    [id, `${id}@example.com`],
  )
  return id
}

const deps = () => ({ tokens: accountTokenStore(testDb.db), clock: manualClock() })

describe('account tokens', () => {
  it('are 256 random bits in base64url, stored only as their SHA-256', async () => {
    const d = deps()
    const id = await account()
    const { token } = await issueToken(d, id, 'password_reset')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const { rows } = await testDb.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM account_tokens WHERE account_id = $1',
      [id],
    )
    expect(rows).toEqual([{ token_hash: hashToken(token) }])
  })

  it('work once', async () => {
    const d = deps()
    const id = await account()
    const { token } = await issueToken(d, id, 'password_reset')
    expect(await redeemToken(d, token, 'password_reset')).toBe(id)
    expect(await redeemToken(d, token, 'password_reset')).toBeNull()
  })

  it('expire: a reset link after 30 minutes, a verification link after 24 hours', async () => {
    const d = deps()
    const id = await account()
    const reset = await issueToken(d, id, 'password_reset')
    const verify = await issueToken(d, id, 'email_verification')
    expect(TOKEN_TTL_MS).toEqual({
      password_reset: 30 * 60_000,
      email_verification: 86_400_000,
      email_change: 86_400_000,
    })
    d.clock.advance(30 * 60_000 - 1)
    const stillLive = await issueToken(d, await account(), 'password_reset')
    expect(await redeemToken(d, stillLive.token, 'password_reset')).not.toBeNull()
    d.clock.advance(1)
    expect(await redeemToken(d, reset.token, 'password_reset')).toBeNull()
    d.clock.advance(24 * 60 * 60_000 - 30 * 60_000)
    expect(await redeemToken(d, verify.token, 'email_verification')).toBeNull()
  })

  it('serve their own purpose only, and the newest replaces the one before', async () => {
    const d = deps()
    const id = await account()
    const first = await issueToken(d, id, 'password_reset')
    const verify = await issueToken(d, id, 'email_verification')
    expect(await redeemToken(d, verify.token, 'password_reset')).toBeNull()
    const second = await issueToken(d, id, 'password_reset')
    expect(await redeemToken(d, first.token, 'password_reset')).toBeNull()
    expect(await redeemToken(d, second.token, 'password_reset')).toBe(id)
    expect(await redeemToken(d, verify.token, 'email_verification')).toBe(id)
  })

  it('of two uses at once, one succeeds', async () => {
    const d = deps()
    const id = await account()
    const { token } = await issueToken(d, id, 'password_reset')
    const uses = await Promise.all([
      redeemToken(d, token, 'password_reset'),
      redeemToken(d, token, 'password_reset'),
    ])
    expect(uses.filter((use) => use === id)).toHaveLength(1)
  })
})
