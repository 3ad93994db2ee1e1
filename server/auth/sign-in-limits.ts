import { normalizeEmail } from '@contract/email'
import type { Limiter, Limiters } from '../limits/rate-limiter'

/** Failures per account from one client address: 5 in 15 minutes. */
export const PER_ADDRESS = { limit: 5, windowMs: 15 * 60_000 }
/**
 * Failures per account from all addresses together: 100 an hour (NIST SP 800-63B's ceiling).
 * High, so that nobody locks an owner out with a few addresses; guessing still gets 2,400 tries a
 * day against a password that is not on the common list.
 */
export const PER_ACCOUNT = { limit: 100, windowMs: 60 * 60_000 }

/** What `begin` answers: wait this long, or go ahead and say how the attempt ended. */
export type SignInAttempt =
  | { allowed: false; retryAfterS: number }
  | {
      allowed: true
      /** The password was right: this address's failures on the account are forgotten. */
      succeeded(): Promise<void>
      /** Nothing was checked (the server was busy or failed): the attempt does not count. */
      undo(): Promise<void>
    }

/**
 * Failed password checks: `PER_ADDRESS` per account and client address, and `PER_ACCOUNT` per
 * account from all addresses together, so many addresses cannot share out the guessing of one
 * password. Keyed by what was typed, so an unknown account is limited the same way and a 429
 * reveals nothing. Each is a window, never a lock: once it closes, the owner signs in again.
 * `scope` keeps counters apart: sign-in's, and the signed-in owner's own (password changes,
 * deletions), whose mistakes never slow down the sign-in of their account.
 * The counters are the deployment's when its instances share them (server/shared-state/limiters.ts).
 */
export class SignInLimits {
  readonly #perAddress: Limiter
  readonly #perAccount: Limiter

  constructor(limiters: Limiters, scope: 'signin' | 'session-password' = 'signin') {
    this.#perAddress = limiters(`${scope}-failures`, PER_ADDRESS)
    this.#perAccount = limiters(`${scope}-account-failures`, PER_ACCOUNT)
  }

  /**
   * Counts an attempt before its password is checked, so concurrent guesses cannot slip past;
   * a refused attempt is not counted. `address` is the client's rate-limit key.
   */
  async begin(address: string, username: string): Promise<SignInAttempt> {
    // The key accounts are looked up by: every spelling that finds the account shares its count.
    const account = normalizeEmail(username)
    const pair = `${address} ${account}`
    const byAddress = await this.#perAddress.hit(pair)
    if (!byAddress.allowed) return byAddress
    const byAccount = await this.#perAccount.hit(account)
    if (!byAccount.allowed) {
      await this.#perAddress.release(pair)
      return byAccount
    }
    return {
      allowed: true,
      succeeded: async () => {
        await this.#perAddress.reset(pair)
        await this.#perAccount.release(account)
      },
      undo: async () => {
        await this.#perAddress.release(pair)
        await this.#perAccount.release(account)
      },
    }
  }
}
