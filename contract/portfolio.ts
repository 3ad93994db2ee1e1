// The portfolio as the site and the server agree on it (server/routes/portfolio.ts,
// src/lib/portfolio/): a list of transactions, each amount an exact decimal string. Its prices
// are a watchlist's (`GET /api/market/watchlist`): what the server holds, with their age. The figures
// (holdings, profit and loss) are computed from them by src/lib/portfolio/holdings.ts; this
// module imports valibot only, so it checks the shape of an amount, never does arithmetic.
import * as v from 'valibot'
import { CoinIdSchema } from './coin-id'
import { CURRENCIES, type Currency, CurrencySchema } from './currency'

/** Transactions one portfolio holds at most; the next one is refused (`409 portfolio_full`). */
export const PORTFOLIO_MAX = 1000

export const TRANSACTION_TYPES = ['buy', 'sell', 'transfer_in', 'transfer_out'] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]

export const TRANSACTION_TYPE_NAMES: Record<TransactionType, string> = {
  buy: 'Buy',
  sell: 'Sell',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
}

/** The longest note kept with a transaction. */
export const NOTE_MAX_LENGTH = 500

/**
 * An amount as text, never a binary float: up to 20 digits before the point and 18 after (a
 * wei's precision), no sign, no exponent. Read with a decimal library, it is exact.
 */
const DECIMAL = /^\d{1,20}(?:\.\d{1,18})?$/

const decimalString = (message: string) =>
  v.pipe(v.string(message), v.trim(), v.regex(DECIMAL, message))

/** A quantity of a coin: above zero. */
export const QuantitySchema = v.pipe(
  decimalString('Enter a quantity as a number, such as 0.25.'),
  v.check((text) => /[1-9]/.test(text), 'Enter a quantity above zero.'),
)
/** A price per coin or a fee: zero or more. */
export const AmountSchema = decimalString('Enter an amount as a number, such as 61250.5.')

/** When it happened: an ISO 8601 date and time with its offset (`2026-11-28T14:05:00Z`). */
export const TransactionTimeSchema = v.pipe(
  v.string('Enter a date and time.'),
  v.isoTimestamp('Enter a date and time, such as 2026-11-28T14:05:00Z.'),
)

/**
 * A date and time as a form's `datetime-local` gives it (`2026-11-28T14:05`, no zone), read as
 * UTC, as the form says; a value with its zone stays as it is.
 */
export const formTime = (value: string) =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value) ? `${value}:00Z` : value

/** A transaction form's fields, as the page's script and a form posted without it send them. */
export const formInput = (fields: Record<string, unknown>) => ({
  ...fields,
  price: fields.price === '' ? null : fields.price,
  fee: fields.fee === '' ? undefined : fields.fee,
  at: typeof fields.at === 'string' ? formTime(fields.at) : fields.at,
})

/** Where a transaction form posted without the page's script comes back to: `?error=` codes. */
export const PORTFOLIO_FORM_ERRORS = [
  'validation_failed',
  'unknown_coin',
  'portfolio_full',
  'exceeds_holding',
  'rate_limited',
  'not_found',
] as const
export type PortfolioFormError = (typeof PORTFOLIO_FORM_ERRORS)[number]

/** And its `?done=` codes: a transaction added, edited or deleted. */
export const PORTFOLIO_FORM_DONE = ['added', 'edited', 'deleted'] as const
export type PortfolioFormDone = (typeof PORTFOLIO_FORM_DONE)[number]

/**
 * The paths a form posts to without the page's script, which can send neither PUT nor DELETE
 * (as alerts are deleted by form): an edit's fields, or a delete with none.
 */
export const transactionFormPath = (id: string, change: 'edit' | 'delete') =>
  `/api/portfolio/transactions/${encodeURIComponent(id)}/${change}`

const isTransfer = (type: TransactionType) => type === 'transfer_in' || type === 'transfer_out'

/**
 * A transaction as a visitor enters it. A buy or sell has its price per coin; a transfer in may
 * have one (what the coins cost: its cost basis), else it comes in at the holding's average cost.
 * Transfers carry no fee: moving coins between one's own wallets neither gains nor loses.
 */
export const TransactionInputSchema = v.pipe(
  v.object({
    type: v.picklist(TRANSACTION_TYPES, 'Choose buy, sell, transfer in or transfer out.'),
    coinId: v.pipe(
      v.string('Choose a coin.'),
      v.check((id) => v.is(CoinIdSchema, id), 'Choose a coin.'),
    ),
    quantity: QuantitySchema,
    price: v.nullish(AmountSchema, null),
    currency: v.picklist(CurrencySchema.options, 'Choose one of the offered currencies.'),
    at: TransactionTimeSchema,
    fee: v.optional(AmountSchema, '0'),
    note: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(NOTE_MAX_LENGTH, 'Keep the note under 500 characters.'),
      ),
      '',
    ),
  }),
  v.forward(
    v.check(
      (input) => isTransfer(input.type) || input.price !== null,
      'Enter the price per coin of a buy or a sell.',
    ),
    ['price'],
  ),
  v.forward(
    v.check(
      (input) => !isTransfer(input.type) || !/[1-9]/.test(input.fee),
      'A transfer has no fee: leave it at 0.',
    ),
    ['fee'],
  ),
  v.forward(
    v.check(
      (input) => input.type !== 'transfer_out' || input.price === null,
      'A transfer out leaves at the average cost: leave the price empty.',
    ),
    ['price'],
  ),
)
export type TransactionInput = v.InferOutput<typeof TransactionInputSchema>

/** A stored transaction: the input and its id (the server's, or the browser's when signed out). */
export const TransactionSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  type: v.picklist(TRANSACTION_TYPES),
  coinId: CoinIdSchema,
  quantity: QuantitySchema,
  price: v.nullable(AmountSchema),
  currency: CurrencySchema,
  at: TransactionTimeSchema,
  fee: AmountSchema,
  note: v.pipe(v.string(), v.maxLength(NOTE_MAX_LENGTH)),
})
export type Transaction = v.InferOutput<typeof TransactionSchema>

/** `GET /api/portfolio`, and the answer to every change: the transactions, oldest first. */
export const PortfolioSchema = v.object({
  transactions: v.pipe(v.array(TransactionSchema), v.maxLength(PORTFOLIO_MAX)),
})
export type Portfolio = v.InferOutput<typeof PortfolioSchema>

/** The coins a portfolio holds or held, each once, in order: the key of their prices' query. */
export const holdingIds = (transactions: readonly Pick<Transaction, 'coinId'>[]): string[] =>
  [...new Set(transactions.map((t) => t.coinId))].sort()

/** The currencies of a portfolio's prices and fees other than `shown`, each once, in order. */
export const costCurrencies = (
  transactions: readonly Pick<Transaction, 'currency'>[],
  shown: Currency,
): Currency[] => [...new Set(transactions.map((t) => t.currency))].filter((c) => c !== shown).sort()

/** `GET /api/portfolio/rates?to=&from=`: the currencies of the costs, and the one shown. */
export const CostRatesQuerySchema = v.strictObject({
  to: CurrencySchema,
  from: v.pipe(
    v.string(),
    v.transform((codes) => (codes === '' ? [] : codes.split(','))),
    v.array(CurrencySchema),
    v.maxLength(CURRENCIES.length),
  ),
})

/**
 * What one unit of each `from` currency is worth in `to`, at the exchange rates the server holds
 * (no upstream call): an exact decimal string, or null without a rate for it; and when those
 * rates are from (`sample`: the bundled ones, while the upstream's have never arrived).
 */
export const CostRatesSchema = v.object({
  to: CurrencySchema,
  rates: v.record(v.string(), v.nullable(v.pipe(v.string(), v.regex(/^\d+(?:\.\d+)?$/)))),
  updatedAt: v.nullable(v.string()),
  source: v.nullable(v.picklist(['upstream', 'sample'])),
})
export type CostRates = v.InferOutput<typeof CostRatesSchema>

/** `POST /api/portfolio/transactions`: one transaction, or several (a merge, an import). */
export const TransactionsAddSchema = v.object({
  transactions: v.pipe(v.array(TransactionInputSchema), v.minLength(1), v.maxLength(PORTFOLIO_MAX)),
})
