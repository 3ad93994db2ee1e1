import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
// The package's exports object (a CommonJS module), so a test can count the checks on it.
import argon2 from '@node-rs/argon2'
import { hashingLimit } from './hashing-limit'

// OWASP Password Storage Cheat Sheet, first argon2id option: 19 MiB, 2 passes, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id; the package only exports it as a const enum.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

// About one hash per core at a time (each takes a core for ~60 ms), a short queue behind them,
// and no wait past a second: beyond that a sign-in or sign-up gets 503 busy with Retry-After.
// Without it a flood queued hashes without bound behind libuv's four threads.
const concurrency = Math.max(1, availableParallelism() - 1)
const limit = hashingLimit({ concurrency, queue: 4 * concurrency, maxWaitMs: 1000 })

/**
 * The one form of a password that is hashed, compared and checked against the common list:
 * NFKC, so the same characters typed on another keyboard or system are the same password.
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC')
}

export function hashPassword(password: string): Promise<string> {
  return limit(() => argon2.hash(normalisePassword(password), OPTIONS))
}

// Checked when the account does not exist, so that answer takes as long as a wrong password.
// Made once per process, outside the limit (a check waiting for it already holds a place).
let dummyHash: Promise<string> | undefined
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= argon2.hash(randomBytes(16).toString('hex'), OPTIONS)
  return dummyHash
}

/** Computes the dummy hash ahead of the first sign-in, which would otherwise pay for it. */
export function prepareDummyHash(): void {
  dummyPasswordHash().catch(() => {
    dummyHash = undefined
  })
}

/**
 * The record `find` looks up when `password` matches its hash, else null; no record costs the
 * same check against a dummy hash. The lookup runs in the same place as the hash, so a flood is
 * refused before it reaches the database.
 */
export function checkPassword<T extends { passwordHash: string }>(
  find: () => Promise<T | null>,
  password: string,
): Promise<T | null> {
  return limit(async () => {
    const found = await find()
    const matches = await argon2.verify(
      found?.passwordHash ?? (await dummyPasswordHash()),
      normalisePassword(password),
    )
    return found && matches ? found : null
  })
}
