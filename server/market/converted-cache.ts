import type { ConvertedCurrency } from '@contract/currency'
import type { CallGate } from './budget'
import { type CacheReader, type CacheState, NoDataError, type Served } from './cache'
import type { Rate } from './convert'
import type { ExchangeRates } from './rates'

const encoder = new TextEncoder()

/**
 * Converts a cache's US-dollar answers into currencies the upstream is not asked in, at the held
 * rates: each answer once per version of the rates. For one currency (`currency`) the answer
 * says how it was made (`conversion`); `convert` answers null when the rates lack what it needs.
 */
export class Converter<T> {
  readonly #rates: ExchangeRates
  readonly #currency: ConvertedCurrency | null
  readonly #convert: (data: T) => T | null
  // The last conversion of each dollar answer, by the rates' version it used.
  readonly #made = new WeakMap<Uint8Array, { version: string; served: Served<T> }>()

  constructor(options: {
    rates: ExchangeRates
    /** The one currency its answers are in; null: it fills every converted currency in. */
    currency: ConvertedCurrency | null
    convert: (data: T) => T | null
  }) {
    this.#rates = options.rates
    this.#currency = options.currency
    this.#convert = options.convert
  }

  /** A dollar answer, converted; null without rates. */
  converted(served: Served<T>): Served<T> | null {
    const version = this.#rates.version()
    if (version === null) return null
    const stamp = {
      source: served.source,
      updatedAt: served.updatedAt,
      freshForS: served.freshForS,
    }
    const kept = this.#made.get(served.body)
    if (kept?.version === version) return { ...kept.served, ...stamp }
    const conversion = this.#currency ? this.#rates.conversion(this.#currency) : null
    if (this.#currency && !conversion) return null
    const data = this.#convert(served.data)
    if (data === null) return null
    const converted: Served<T> = {
      ...stamp,
      data,
      body: encoder.encode(JSON.stringify(data)),
      conversion: conversion?.conversion,
    }
    this.#made.set(served.body, { version, served: converted })
    return converted
  }

  /** As `converted`, for a read that must answer: without rates, "unavailable". */
  convertedOrThrow(served: Served<T>): Served<T> {
    const converted = this.converted(served)
    // Only a live answer without this currency gets here: the bundled rates hold every one.
    if (!converted) throw new NoDataError('failed', 60_000)
    return converted
  }
}

/**
 * A cache's answers through a Converter. It makes no upstream call of its own: a read of the
 * dollar cache starts what that read starts, shared with every dollar visitor.
 */
export class ConvertedCache<T> implements CacheReader<T> {
  readonly name: string
  readonly #source: CacheReader<T>
  readonly #rates: ExchangeRates
  readonly #converter: Converter<T>
  readonly #ownsSource: boolean
  readonly #currency: ConvertedCurrency | null

  constructor(options: {
    source: CacheReader<T>
    rates: ExchangeRates
    currency: ConvertedCurrency | null
    convert: (data: T) => T | null
    /** Whether closing this closes the dollar cache (when nothing else reads it). */
    ownsSource?: boolean
  }) {
    this.#source = options.source
    this.#rates = options.rates
    this.#converter = new Converter(options)
    this.#ownsSource = options.ownsSource ?? false
    this.#currency = options.currency
    this.name = options.currency
      ? `${options.source.name}→${options.currency}`
      : options.source.name
  }

  get ttlMs(): number {
    return this.#source.ttlMs
  }

  /** Its currency's rate now (null for one that fills every currency in, or without a rate). */
  rate(): Rate | null {
    return this.#currency && this.#rates.rate(this.#currency)
  }

  async get(gates: readonly CallGate[] = [], options: { sample?: boolean } = {}) {
    const [served] = await Promise.all([this.#source.get(gates, options), this.#rates.ready()])
    return this.#converter.convertedOrThrow(served)
  }

  async getFresh(gates: readonly CallGate[] = [], options: { sample?: boolean } = {}) {
    const [served] = await Promise.all([this.#source.getFresh(gates, options), this.#rates.ready()])
    return this.#converter.convertedOrThrow(served)
  }

  ready(gates: readonly CallGate[] = []): Served<T> | null {
    const served = this.#source.ready(gates)
    return served && this.#converter.converted(served)
  }

  held(): Served<T> | null {
    const served = this.#source.held()
    return served && this.#converter.converted(served)
  }

  peek(): Served<T> | null {
    const served = this.#source.peek()
    return served && this.#converter.converted(served)
  }

  refresh(gates: readonly CallGate[] = []): Promise<boolean> | null {
    return this.#source.refresh(gates)
  }

  state(): CacheState {
    return this.#source.state()
  }

  close(): void {
    if (this.#ownsSource) this.#source.close()
  }
}
