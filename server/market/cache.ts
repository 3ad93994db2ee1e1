import type { DataSource } from '@contract/data-meta'
import type { Conversion } from '@contract/exchange-rates'
import { type Clock, systemClock } from '../clock'
import type { CallGate } from './budget'
import { toUpstreamError, type UpstreamError, type UpstreamFailure } from './upstream'

/** What held data is: where from, from when, and how much longer it counts as fresh. */
export type DataStamp = {
  source: DataSource
  updatedAt: Date
  /** How much longer the data counts as fresh, for shared caches (`s-maxage`). */
  freshForS: number
}

/**
 * What one request gets: the data as the upstream's schema gave it, the same as JSON bytes
 * (encoded once per change), and what it is. Readers take `data`; nothing decodes `body` again.
 */
export type Served<T = unknown> = DataStamp & {
  body: Uint8Array<ArrayBuffer>
  data: T
  /** Made from US dollars at the held exchange rate (server/market/converted-cache.ts). */
  conversion?: Conversion | undefined
}

/**
 * `Cache-Control` for a reply made of cached data (one list, or a page showing several): a CDN
 * may keep fresh data for what is left of its TTL, anything else briefly, and serve it stale for
 * a TTL while it revalidates; browsers always ask again (`max-age=0`), cheaply with an ETag.
 */
export function sharedCacheControl(served: readonly DataStamp[], ttlMs: number): string {
  const fresh = Math.min(...served.map((s) => s.freshForS))
  const sMaxAge = fresh > 0 ? fresh : 5
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${Math.round(ttlMs / 1000)}`
}

export type CacheState = {
  source: 'upstream' | 'sample' | 'none'
  updatedAt: string | null
  fresh: boolean
  lastSuccessAt: string | null
  lastFailure: { kind: UpstreamFailure; message: string; at: string } | null
  /** No upstream call before this time (after a failure or a 429). */
  retryAt: string | null
  fetching: boolean
}

/**
 * A refresh through the copy other instances share (server/shared/market-rows.ts): it answers
 * that copy's JSON and fetch time, and runs `call` (this cache's upstream call) only when the
 * copy is stale and no other instance is refreshing it.
 */
export type SharedRefresh = (
  call: () => Promise<string>,
  signal: AbortSignal,
) => Promise<{ json: string; fetchedAt: number }>

/**
 * What a family of caches made on demand (the coin pages', the full list's pages) is given once
 * for all of its caches; each names its resource in the logs.
 */
export type CacheFamilyOptions = {
  /** Their share of the upstream call budget. */
  gate: CallGate
  clock: Clock
  firstWaitMs: number
  onFailure: (resource: string, error: UpstreamError) => void
  /** Told when a resource's refresh has ended, with data or without. */
  onEnded?: ((resource: string) => void) | undefined
  /** Instances on one PostgreSQL: the refresh through a cache key's shared row. */
  shared?: ((key: string, ttlMs: number) => SharedRefresh) | undefined
  /** Whether the upstream answers, shared by every family. */
  reach?: UpstreamReach | undefined
}

export type CacheOptions<T> = {
  name: string
  ttlMs: number
  load: (signal: AbortSignal) => Promise<T>
  /** What to serve before any good answer; without it such a request gets a NoDataError. */
  sample?: { data: T; updatedAt: Date } | undefined
  /** What every upstream call of this cache must pass first (the upstream call budget). */
  gates?: readonly CallGate[]
  clock?: Clock
  /** How long a request on a cold cache waits for the first answer before getting the sample. */
  firstWaitMs: number
  /** How long to leave the upstream alone after a failure other than a 429. */
  failureBackoffMs?: number
  onFailure?: (error: UpstreamError) => void
  /** Told when a refresh has ended (`state().fetching` is false again), with data or without. */
  onEnded?: (() => void) | undefined
  /** Instances on one PostgreSQL share the entry; without it it is this instance's alone. */
  shared?: SharedRefresh | undefined
  /** Told of each new entry (not of the same shared copy twice): the market facts read it. */
  onData?: ((data: T, fetchedAt: number) => void) | undefined
  /** Whether the upstream answers at all, shared with the other caches a visitor's misses fill. */
  reach?: UpstreamReach | undefined
}

/**
 * Whether the upstream answers at all, shared by the caches of the pages a visitor's misses fill
 * (coins, list pages), each of which is new to the upstream. Once a call got no answer (or none
 * in time), those caches make no call for `backoffMs` and serve what they hold, the sample, or
 * "unavailable"; then one call probes for all of them. While it is unreachable, a call is the
 * server's own: a visitor's share (the request's gates) is neither asked nor spent, as no call
 * reaches the upstream to spend anything.
 */
export class UpstreamReach {
  readonly #backoffMs: number
  #down = false
  #until = 0

  constructor(backoffMs = 15_000) {
    this.#backoffMs = backoffMs
  }

  /** 0 when a call may start; else how long until the next probe. */
  waitMs(now: number): number {
    return this.#down ? Math.max(0, this.#until - now) : 0
  }

  /** Whether the last call found the upstream unreachable (a call now is a probe). */
  get down(): boolean {
    return this.#down
  }

  /** A probe starts: the other caches wait for its outcome, at most one back-off. */
  probing(now: number): void {
    this.#until = now + this.#backoffMs
  }

  /** A call ended: answered (whatever the answer), or not. */
  settled(failure: UpstreamFailure | null, now: number): void {
    this.#down = failure === 'unreachable' || failure === 'timeout'
    if (this.#down) this.#until = now + this.#backoffMs
  }
}

type Entry<T> = { body: Uint8Array<ArrayBuffer>; fetchedAt: number; data: T }

/** A cache as its readers see it, whatever its data: what lists of several caches hold. */
export type CacheReader<T = unknown> = Pick<
  MarketCache<T>,
  'name' | 'ttlMs' | 'get' | 'getFresh' | 'ready' | 'held' | 'peek' | 'refresh' | 'state' | 'close'
>

/**
 * Why a request found nothing to serve: a gate refused the call, the upstream does not have it,
 * or the upstream failed.
 */
export type NoDataReason = CallGate['refusal'] | 'not_found' | 'failed'

/** Nothing to serve (no data yet, no sample) and no answer from the upstream now. */
export class NoDataError extends Error {
  readonly reason: NoDataReason
  /** When asking again may help. */
  readonly retryAfterMs: number

  constructor(reason: NoDataReason, retryAfterMs: number) {
    super(`no data to serve (${reason})`)
    this.name = 'NoDataError'
    this.reason = reason
    this.retryAfterMs = retryAfterMs
  }
}

type Attempt =
  | { pending: Promise<boolean> }
  | { pending: null; reason: NoDataReason; waitMs: number }

const encoder = new TextEncoder()
const encode = (data: unknown) => encoder.encode(JSON.stringify(data))

/**
 * One upstream resource kept in memory. Fresh data is served as is; expired data is served at once
 * while one background refresh runs; concurrent misses share that one request; failures fall back
 * to the last good data, or to the shipped sample when there has never been any.
 */
export class MarketCache<T> {
  readonly name: string
  readonly #options: CacheOptions<T>
  readonly #clock: Clock
  readonly #sample: Entry<T> | null
  readonly #abort = new AbortController()
  #entry: Entry<T> | null = null
  #inFlight: Promise<boolean> | null = null
  #retryAt = 0
  #lastSuccessAt: number | null = null
  #lastFailure: CacheState['lastFailure'] = null

  constructor(options: CacheOptions<T>) {
    this.name = options.name
    this.#options = options
    this.#clock = options.clock ?? systemClock
    this.#sample = options.sample
      ? {
          body: encode(options.sample.data),
          fetchedAt: options.sample.updatedAt.getTime(),
          data: options.sample.data,
        }
      : null
  }

  get ttlMs(): number {
    return this.#options.ttlMs
  }

  /**
   * The data, fresh or stale, else the first answer (or the sample). `gates` are this request's
   * own, on top of the cache's (a client's share of upstream calls). Without data or a sample
   * (or with `sample: false`) it waits for the upstream's answer, and throws a NoDataError when
   * there is none to have.
   */
  async get(
    gates: readonly CallGate[] = [],
    { sample: useSample = true } = {},
  ): Promise<Served<T>> {
    const ready = this.ready(gates)
    if (ready) return ready
    const attempt = this.#attempt(gates)
    const sample = useSample ? this.#sample : null
    if (!sample) {
      if (!attempt.pending) throw new NoDataError(attempt.reason, attempt.waitMs)
      if (await attempt.pending) return this.#serve(this.#entryOrThrow(), 'live')
      throw new NoDataError(this.#failedReason(), Math.max(1000, this.#retryAt - this.#clock.now()))
    }
    if (!attempt.pending) return this.#serve(sample, 'sample')
    const loaded = await this.#within(attempt.pending, this.#options.firstWaitMs)
    // The first fetch keeps running after the budget; its result serves the next visitors.
    if (loaded && this.#entry) return this.#serve(this.#entry, 'live')
    return this.#serve(sample, 'sample')
  }

  /**
   * As `get()`, but expired data waits (at most `firstWaitMs`) for the refresh its read started:
   * for what is kept per data version (a rendered page), so the first request after the TTL
   * carries the new data. During a failure's back-off it answers at once, stale.
   */
  async getFresh(
    gates: readonly CallGate[] = [],
    options: { sample?: boolean } = {},
  ): Promise<Served<T>> {
    const served = await this.get(gates, options)
    if (served.source !== 'stale') return served
    const pending = this.refresh(gates)
    if (!pending) return served
    await this.#within(pending, this.#options.firstWaitMs)
    return this.ready(gates) ?? served
  }

  /**
   * What `get()` answers when that needs no waiting (the cache holds data, fresh or stale, and
   * a stale read starts the refresh), else null. Lets a reply skip a promise on the hot path.
   */
  ready(gates: readonly CallGate[] = []): Served<T> | null {
    const entry = this.#entry
    if (!entry) return null
    if (this.#clock.now() - entry.fetchedAt < this.#options.ttlMs)
      return this.#serve(entry, 'cache')
    void this.refresh(gates)
    return this.#serve(entry, 'stale')
  }

  /**
   * The upstream's data held now, fresh or stale, without starting anything: never a request,
   * never the sample. For what must cost no upstream call (a coin page seeded from a list row).
   */
  held(): Served<T> | null {
    const entry = this.#entry
    if (!entry) return null
    const fresh = this.#clock.now() - entry.fetchedAt < this.#options.ttlMs
    return this.#serve(entry, fresh ? 'cache' : 'stale')
  }

  /**
   * What the cache holds now (its data, else the sample, else null), as it is: unlike `get()`,
   * never a reason to call the upstream (search reads market-cap ranks through it).
   */
  peek(): Served<T> | null {
    const entry = this.#entry
    if (entry) {
      const fresh = this.#clock.now() - entry.fetchedAt < this.#options.ttlMs
      return this.#serve(entry, fresh ? 'cache' : 'stale')
    }
    return this.#sample ? this.#serve(this.#sample, 'sample') : null
  }

  /**
   * Starts one upstream request unless one is running (then shares it), the upstream asked us to
   * wait, or a gate refuses (then returns null). The promise never rejects: it says whether fresh
   * data arrived.
   */
  refresh(gates: readonly CallGate[] = []): Promise<boolean> | null {
    return this.#attempt(gates).pending
  }

  // A 429 means the upstream's own budget is spent: to the caller that is the same as ours.
  #failedReason(): NoDataReason {
    const kind = this.#lastFailure?.kind
    return kind === 'rate_limited' ? 'busy' : kind === 'not_found' ? 'not_found' : 'failed'
  }

  #entryOrThrow(): Entry<T> {
    if (!this.#entry) throw new Error('a successful load left no entry')
    return this.#entry
  }

  #attempt(requestGates: readonly CallGate[]): Attempt {
    if (this.#inFlight) return { pending: this.#inFlight }
    const now = this.#clock.now()
    if (this.#abort.signal.aborted) return { pending: null, reason: 'failed', waitMs: 60_000 }
    if (now < this.#retryAt) {
      return { pending: null, reason: this.#failedReason(), waitMs: this.#retryAt - now }
    }
    const reach = this.#options.reach
    const offlineMs = reach?.waitMs(now) ?? 0
    if (offlineMs > 0) return { pending: null, reason: 'failed', waitMs: offlineMs }
    if (reach?.down) reach.probing(now)
    // A client's own limit is asked first, so its refusals never touch the shared budget. A probe
    // of an unreachable upstream is not the client's.
    const gates = [...(reach?.down ? [] : requestGates), ...(this.#options.gates ?? [])]
    for (const gate of gates) {
      const waitMs = gate.waitMs()
      if (waitMs > 0) return { pending: null, reason: gate.refusal, waitMs }
    }
    for (const gate of gates) gate.spend()
    const { load, shared } = this.#options
    const signal = this.#abort.signal
    const loaded: Promise<Entry<T>> = shared
      ? shared(async () => JSON.stringify(await load(signal)), signal).then(
          ({ json, fetchedAt }) =>
            this.#entry?.fetchedAt === fetchedAt
              ? this.#entry
              : // Another instance's answer, which its schema checked: read once per new copy.
                { body: encoder.encode(json), fetchedAt, data: JSON.parse(json) as T },
        )
      : load(signal).then((data) => ({ body: encode(data), fetchedAt: this.#clock.now(), data }))
    const run = loaded.then(
      (entry) => {
        const seen = this.#entry === entry
        this.#entry = entry
        if (!seen) this.#options.onData?.(entry.data, entry.fetchedAt)
        this.#lastSuccessAt = this.#clock.now()
        this.#retryAt = 0
        reach?.settled(null, this.#lastSuccessAt)
        return true
      },
      (error: unknown) => {
        const failure = toUpstreamError(error)
        const now = this.#clock.now()
        this.#lastFailure = {
          kind: failure.kind,
          message: failure.message,
          at: new Date(now).toISOString(),
        }
        this.#retryAt = now + (failure.retryAfterMs ?? this.#options.failureBackoffMs ?? 15_000)
        reach?.settled(failure.kind, now)
        this.#options.onFailure?.(failure)
        return false
      },
    )
    this.#inFlight = run.finally(() => {
      this.#inFlight = null
      this.#options.onEnded?.()
    })
    return { pending: this.#inFlight }
  }

  state(): CacheState {
    const now = this.#clock.now()
    const entry = this.#entry
    const shown = entry ?? this.#sample
    return {
      source: entry ? 'upstream' : this.#sample ? 'sample' : 'none',
      updatedAt: shown ? new Date(shown.fetchedAt).toISOString() : null,
      fresh: entry !== null && now - entry.fetchedAt < this.#options.ttlMs,
      lastSuccessAt:
        this.#lastSuccessAt === null ? null : new Date(this.#lastSuccessAt).toISOString(),
      lastFailure: this.#lastFailure,
      retryAt: this.#retryAt > now ? new Date(this.#retryAt).toISOString() : null,
      fetching: this.#inFlight !== null,
    }
  }

  /** Aborts a running upstream request and refuses new ones (shutdown). */
  close(): void {
    this.#abort.abort()
  }

  #serve(entry: Entry<T>, source: DataSource): Served<T> {
    const age = this.#clock.now() - entry.fetchedAt
    const fresh = source === 'live' || source === 'cache'
    return {
      body: entry.body,
      data: entry.data,
      source,
      updatedAt: new Date(entry.fetchedAt),
      freshForS: fresh ? Math.max(1, Math.ceil((this.#options.ttlMs - age) / 1000)) : 0,
    }
  }

  async #within(pending: Promise<boolean>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const budget = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms)
    })
    try {
      return await Promise.race([pending, budget])
    } finally {
      clearTimeout(timer)
    }
  }
}
