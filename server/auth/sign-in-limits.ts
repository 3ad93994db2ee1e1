import { normalizeEmail } from '@contract/email'
import type { Limiter, Limiters } from '../limits/rate-limiter'

const WINDOW_MS = 15 * 60_000

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
 * Failed sign-ins, in windows of 15 minutes: 5 per account and client address, and 20 per
 * account from all addresses together, so many addresses cannot share out the guessing of one
 * password. Keyed by what was typed, so an unknown account is limited the same way and a 429
 * reveals nothing. Each is a window, never a lock: once it closes, the owner signs in again.
 * The counters are the deployment's when its instances share them (server/limits/postgres.ts).
 */
export class SignInLimits {
  readonly #perAddress: Limiter
  readonly #perAccount: Limiter

  constructor(limiters: Limiters) {
    this.#perAddress = limiters('signin-failures', { limit: 5, windowMs: WINDOW_MS })
    this.#perAccount = limiters('signin-account-failures', { limit: 20, windowMs: WINDOW_MS })
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
