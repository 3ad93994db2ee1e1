// Price alerts by email, shared by their pages and the server (server/routes/alerts.ts).
import * as v from 'valibot'
import { CoinIdSchema } from './coin-id'
import { CURRENCIES, CurrencySchema } from './currency'
import { TOKEN_PATTERN } from './token'

/** How many alerts one account may keep. */
export const MAX_ALERTS = 50
/** What the form suggests: this far above or below the current price. */
export const SUGGESTED_MOVE = 0.05
/** How far back past its value the price must go before a re-armed alert waits again. */
export const REARM_MARGIN = 0.01

export const DIRECTIONS = ['above', 'below'] as const
export type Direction = (typeof DIRECTIONS)[number]

/**
 * A price typed in a form arrives as text; the script sends a number. Written with actions the
 * site's other schemas use already: valibot's code is in the script every page loads, and
 * `union`, `finite` and `gtValue` would add to it for this form alone.
 */
const PriceSchema = v.pipe(
  v.custom<number | string>(
    (input) => typeof input === 'number' || (typeof input === 'string' && input.trim() !== ''),
    'Enter a price.',
  ),
  v.transform((input) => (typeof input === 'string' ? Number(input.trim()) : input)),
  v.check((price) => Number.isFinite(price), 'Enter a price as a number, such as 61250.5.'),
  // Not a number is the message above alone.
  v.check((price) => Number.isNaN(price) || price > 0, 'Enter a price above zero.'),
)

export const CreateAlertSchema = v.object({
  coinId: v.pipe(
    v.string('Choose a coin.'),
    v.check((id) => v.is(CoinIdSchema, id), 'Choose a coin.'),
  ),
  // Every offered currency: one the upstream does not price in is checked against the dollar
  // price at the server's current rate.
  currency: v.picklist(CURRENCIES, 'Choose one of the offered currencies.'),
  direction: v.picklist(DIRECTIONS, 'Choose above or below.'),
  price: PriceSchema,
  /** The visitor was told the alert is true already (it fires at the next refresh) and wants it. */
  confirmed: v.optional(v.boolean()),
})
export type CreateAlertInput = v.InferInput<typeof CreateAlertSchema>
export type CreateAlert = v.InferOutput<typeof CreateAlertSchema>

/** `waiting`: not fired yet; `triggered`: fired; `rearming`: re-armed, the price must come back first. */
export const AlertSchema = v.object({
  id: v.string(),
  coinId: v.string(),
  /** The coin's name as the server's coin list has it; null when the list lacks it. */
  coinName: v.nullable(v.string()),
  currency: CurrencySchema,
  direction: v.picklist(DIRECTIONS),
  price: v.number(),
  state: v.picklist(['waiting', 'triggered', 'rearming']),
  createdAt: v.string(),
  /**
   * When it fired, at what price and from which source; null while it has not. `rate`: the units
   * of the currency for one US dollar the price was converted at (null for a currency the
   * upstream prices in itself).
   */
  triggered: v.nullable(
    v.object({
      at: v.string(),
      price: v.number(),
      source: v.string(),
      rate: v.nullable(v.number()),
    }),
  ),
})
export type Alert = v.InferOutput<typeof AlertSchema>

export const AlertListSchema = v.object({ alerts: v.array(AlertSchema), max: v.number() })
export type AlertList = v.InferOutput<typeof AlertListSchema>

/** The one-click delete link of an alert's email. */
export const AlertDeleteLinkSchema = v.object({
  token: v.pipe(
    v.string('This link is incomplete. Open it again from the email.'),
    v.regex(TOKEN_PATTERN, 'This link is incomplete. Open it again from the email.'),
  ),
})

/**
 * `?error=` codes of the alert forms posted without the page's script (they come back to
 * `/account/alerts`), and `?done=` once one worked.
 */
export const ALERT_ERRORS = [
  'validation_failed',
  'unknown_coin',
  'email_unverified',
  'too_many_alerts',
  'alert_would_fire',
  'unauthenticated',
  'rate_limited',
  'invalid_token',
  'unavailable',
] as const
export const ALERT_DONE = ['created', 'deleted', 'rearmed'] as const
