import type { Clock } from '../clock'
import { RateLimiter } from '../middleware/rate-limit'

const WINDOW_MS = 15 * 60_000

/** What `begin` answers: wait this long, or go ahead and say how the attempt ended. */
export type SignInAttempt =
  | { allowed: false; retryAfterS: number }
  | {
      allowed: true
      /** The password was right: this address's failures on the account are forgotten. */
      succeeded(): void
      /** Nothing was checked (the server was busy or failed): the attempt does not count. */
      undo(): void
    }

/**
 * Failed sign-ins, in windows of 15 minutes: 5 per account and client address, and 20 per
 * account from all addresses together, so many addresses cannot share out the guessing of one
 * password. Keyed by what was typed, so an unknown account is limited the same way and a 429
 * reveals nothing. Each is a window, never a lock: once it closes, the owner signs in again.
 */
export class SignInLimits {
  readonly #perAddress: RateLimiter
  readonly #perAccount: RateLimiter

  constructor(clock: Clock) {
    this.#perAddress = new RateLimiter({ limit: 5, windowMs: WINDOW_MS, clock })
    this.#perAccount = new RateLimiter({ limit: 20, windowMs: WINDOW_MS, clock })
  }

  /**
   * Counts an attempt before its password is checked, so concurrent guesses cannot slip past;
   * a refused attempt is not counted. `address` is the client's rate-limit key.
   */
  begin(address: string, username: string): SignInAttempt {
    const account = username.trim().toLowerCase()
    const pair = `${address} ${account}`
    for (const [limiter, key] of [
      [this.#perAddress, pair],
      [this.#perAccount, account],
    ] as const) {
      const result = limiter.check(key)
      if (!result.allowed) return result
    }
    this.#perAddress.record(pair)
    this.#perAccount.record(account)
    return {
      allowed: true,
      succeeded: () => {
        this.#perAddress.reset(pair)
        this.#perAccount.release(account)
      },
      undo: () => {
        this.#perAddress.release(pair)
        this.#perAccount.release(account)
      },
    }
  }
}
