// The converter (`/converter`, `GET /api/market/convert`): an amount of one unit in another,
// where a unit is a coin the server holds a price for or an offered currency. Imports valibot
// only.
import * as v from 'valibot'
import { CoinIdSchema, type NamedCoin, NamedCoinSchema } from './coin-id'
import { CurrencySchema } from './currency'
import { DataSourceSchema } from './data-meta'

/** The amount a visitor may ask for: up to 20 digits before the point and 18 after, no sign. */
export const CONVERT_AMOUNT = /^\d{1,20}(?:\.\d{1,18})?$/

/** What the page opens with: one bitcoin in US dollars. */
export const CONVERTER_DEFAULTS = { from: 'bitcoin', to: 'usd', amount: '1' } as const

/** `?from=&to=&amount=`: a coin id or a currency code each, and a plain decimal amount. */
export const ConvertQuerySchema = v.object({
  from: CoinIdSchema,
  to: CoinIdSchema,
  amount: v.pipe(v.string(), v.regex(CONVERT_AMOUNT, 'not an amount')),
})
export type ConvertQuery = v.InferOutput<typeof ConvertQuerySchema>

const UnitSchema = v.variant('kind', [
  v.object({ kind: v.literal('currency'), id: CurrencySchema, name: v.string() }),
  v.object({ kind: v.literal('coin'), id: CoinIdSchema, name: v.string(), symbol: v.string() }),
])
export type ConvertUnit = v.InferOutput<typeof UnitSchema>

/** A coin the converter offers in its menus. */
export type ConvertCoin = NamedCoin

/**
 * The answer: both units as the server knows them (null: neither a currency nor a coin it holds
 * a price for), the amount, the result and the rate (one `from` in `to`) as decimal strings, when
 * the prices used are from and what they are, and the coins the menus offer.
 */
export const ConvertAnswerSchema = v.object({
  from: v.nullable(UnitSchema),
  to: v.nullable(UnitSchema),
  amount: v.string(),
  result: v.nullable(v.string()),
  rate: v.nullable(v.string()),
  updatedAt: v.nullable(v.string()),
  source: v.nullable(DataSourceSchema),
  coins: v.array(NamedCoinSchema),
})
export type ConvertAnswer = v.InferOutput<typeof ConvertAnswerSchema>
