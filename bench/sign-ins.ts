import { checkPassword, hashPassword } from '../server/auth/password'
import { median } from './lib/stats'

export type SignIns = {
  checks: number
  /** One password check (argon2id, the server's settings), median of `checks`, in ms. */
  medianMs: number
  /** What one core given to hashing checks per second: a sign-in's cost is this check. */
  perSecondPerCore: number
}

/**
 * Sign-ins per second per core, as argon2 limits them (docs/DEPLOY.md's capacity): the server's
 * own `checkPassword`, one check after another in this process, so one core does the hashing.
 * The rest of a sign-in (a row read, a session written) is small beside it.
 */
export async function measureSignIns(checks = 30): Promise<SignIns> {
  const password = 'granite-meadow-7710'
  const account = { passwordHash: await hashPassword(password) }
  const times: number[] = []
  for (let i = 0; i < checks; i++) {
    const started = performance.now()
    const found = await checkPassword(async () => account, password)
    if (!found) throw new Error('the password check refused the right password')
    times.push(performance.now() - started)
  }
  const medianMs = median(times)
  return { checks, medianMs, perSecondPerCore: 1000 / medianMs }
}
