import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { hashingLimit } from './hashing-limit'

// OWASP Password Storage Cheat Sheet, first argon2id option: 19 MiB, 2 passes, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id; the package only exports it as a const enum.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

// About one hash per core at a time (each takes a core for ~60 ms), a short queue behind them,
// and no wait past a second: beyond that a sign-in or sign-up gets 503 busy with Retry-After.
// Without it a flood queued hashes without bound behind libuv's four threads.
const concurrency = availableParallelism()
const limit = hashingLimit({ concurrency, queue: 4 * concurrency, maxWaitMs: 1000 })

/**
 * The one form of a password that is hashed, compared and checked against the common list:
 * NFKC, so the same characters typed on another keyboard or system are the same password.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC')
}

export function hashPassword(password: string): Promise<string> {
  return limit(() => hash(normalisePassword(password), OPTIONS))
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limit(() => verify(passwordHash, normalisePassword(password)))
}
