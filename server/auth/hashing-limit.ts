/** Refused because the hashing queue is full, or a job waited too long to start. */
export class BusyError extends Error {
  /** What the 503 tells the client to wait before trying again. */
  readonly retryAfterS = 1

  constructor() {
    super('password hashing is at capacity')
    this.name = 'BusyError'
  }
}

export type HashingLimit = <T>(job: () => Promise<T>) => Promise<T>

/**
 * Runs at most `concurrency` jobs at once, with at most `queue` more waiting their turn in order.
 * A job that finds the queue full, or that has waited `maxWaitMs` without starting, is refused
 * with a BusyError at once: a flood then costs a quick 503, not a wait that grows with the flood.
 * p-limit and p-queue queue without bound and never drop a waiting job, hence these few lines.
 */
export function hashingLimit(options: {
  concurrency: number
  queue: number
  maxWaitMs: number
}): HashingLimit {
  let running = 0
  const waiting: (() => void)[] = []

  // A finished job hands its slot straight to the next in line, so `running` stays right.
  const finished = () => {
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }
  const turn = () =>
    new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(start), 1)
        reject(new BusyError())
      }, options.maxWaitMs)
      waiting.push(start)
    })

  return async (job) => {
    if (running < options.concurrency) running += 1
    else if (waiting.length < options.queue) await turn()
    else throw new BusyError()
    try {
      return await job()
    } finally {
      finished()
    }
  }
}
