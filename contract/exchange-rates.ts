// Shared by the site and the server (server/market/rates.ts), so this module imports valibot
// only.
import * as v from 'valibot'

/** One entry of `exchange_rates`: the value of one bitcoin in this unit. */
export const ExchangeRateSchema = v.object({
  name: v.string(),
  unit: v.string(),
  value: v.pipe(v.number(), v.finite(), v.gtValue(0)),
  type: v.picklist(['fiat', 'crypto', 'commodity']),
})
export type ExchangeRate = v.InferOutput<typeof ExchangeRateSchema>

/**
 * `exchange_rates`; unknown fields are dropped. Without a dollar rate nothing converts, so an
 * answer without one is refused as a whole.
 */
export const ExchangeRatesResponseSchema = v.object({
  rates: v.pipe(
    v.record(v.string(), ExchangeRateSchema),
    v.check((rates) => rates.usd !== undefined, 'no usd rate'),
  ),
})
export type ExchangeRatesResponse = v.InferOutput<typeof ExchangeRatesResponseSchema>

/**
 * How the server made figures in a currency the upstream does not price in: from US dollars, at
 * `rate` units for one dollar, taken at `ratesAt`. `change24h` says what a 24 h change means:
 * `rate` when it includes the rate's own move over the day, `dollar` while the server holds no
 * rate from a day before (then it is the change in dollars).
 */
export const ConversionSchema = v.object({
  from: v.literal('usd'),
  rate: v.number(),
  ratesAt: v.string(),
  /** `sample`: the bundled rates, shown while the upstream's have never arrived. */
  ratesSource: v.picklist(['upstream', 'sample']),
  change24h: v.picklist(['rate', 'dollar']),
})
export type Conversion = v.InferOutput<typeof ConversionSchema>

/** The header that carries a converted answer's Conversion, as JSON. */
export const CONVERSION_HEADER = 'X-Converted-From-Usd'
