// Shared by the site and the server (the allow-list of `vs_currency`), so this module imports
// valibot only.
import * as v from 'valibot'

/**
 * The currencies the upstream prices in itself, each with its own lists: the server asks the
 * upstream in these. The first is the default, and the one every other currency is converted from.
 */
export const UPSTREAM_CURRENCIES = ['usd', 'eur', 'gbp', 'jpy', 'btc', 'eth'] as const
export type UpstreamCurrency = (typeof UPSTREAM_CURRENCIES)[number]

/**
 * The other fiat currencies of the upstream's `exchange_rates` (`type: 'fiat'`): converted from
 * US dollars on the server at the current rate, at no upstream call of their own. A fiat currency
 * the upstream adds later is offered once it is named here (with its format data and its name).
 */
export const CONVERTED_CURRENCIES = [
  'aed',
  'ars',
  'aud',
  'bdt',
  'bhd',
  'bmd',
  'brl',
  'cad',
  'chf',
  'clp',
  'cny',
  'czk',
  'dkk',
  'gel',
  'hkd',
  'huf',
  'idr',
  'ils',
  'inr',
  'krw',
  'kwd',
  'lkr',
  'mmk',
  'mxn',
  'myr',
  'ngn',
  'nok',
  'nzd',
  'php',
  'pkr',
  'pln',
  'rub',
  'sar',
  'sek',
  'sgd',
  'thb',
  'try',
  'twd',
  'uah',
  'vef',
  'vnd',
  'xdr',
  'zar',
] as const
export type ConvertedCurrency = (typeof CONVERTED_CURRENCIES)[number]

/** Every offered currency; the first is the default. */
export const CURRENCIES = [...UPSTREAM_CURRENCIES, ...CONVERTED_CURRENCIES] as const
export type Currency = (typeof CURRENCIES)[number]
export const DEFAULT_CURRENCY: Currency = 'usd'

export const CurrencySchema = v.picklist(CURRENCIES)

const upstreamSet: ReadonlySet<string> = new Set(UPSTREAM_CURRENCIES)

/** Whether the upstream prices in `currency` itself (else the server converts from dollars). */
export const isUpstreamCurrency = (currency: string): currency is UpstreamCurrency =>
  upstreamSet.has(currency)

/**
 * The menu's first group, most asked-for first: the six with their own upstream figures, then
 * the converted currencies of the largest markets. The rest follow by name.
 */
export const COMMON_CURRENCIES: readonly Currency[] = [
  'usd',
  'eur',
  'gbp',
  'jpy',
  'cny',
  'inr',
  'cad',
  'aud',
  'chf',
  'krw',
  'btc',
  'eth',
]

/** The menu's labels, and what the table's caption says the prices are in. */
export const CURRENCY_NAMES: Record<Currency, string> = {
  usd: 'US dollars',
  eur: 'euros',
  gbp: 'pounds sterling',
  jpy: 'yen',
  btc: 'bitcoin',
  eth: 'ether',
  aed: 'UAE dirhams',
  ars: 'Argentine pesos',
  aud: 'Australian dollars',
  bdt: 'Bangladeshi taka',
  bhd: 'Bahraini dinars',
  bmd: 'Bermudian dollars',
  brl: 'Brazilian reais',
  cad: 'Canadian dollars',
  chf: 'Swiss francs',
  clp: 'Chilean pesos',
  cny: 'Chinese yuan',
  czk: 'Czech koruny',
  dkk: 'Danish kroner',
  gel: 'Georgian lari',
  hkd: 'Hong Kong dollars',
  huf: 'Hungarian forints',
  idr: 'Indonesian rupiah',
  ils: 'Israeli new shekels',
  inr: 'Indian rupees',
  krw: 'South Korean won',
  kwd: 'Kuwaiti dinars',
  lkr: 'Sri Lankan rupees',
  mmk: 'Myanmar kyat',
  mxn: 'Mexican pesos',
  myr: 'Malaysian ringgit',
  ngn: 'Nigerian naira',
  nok: 'Norwegian kroner',
  nzd: 'New Zealand dollars',
  php: 'Philippine pesos',
  pkr: 'Pakistani rupees',
  pln: 'Polish złoty',
  rub: 'Russian rubles',
  sar: 'Saudi riyals',
  sek: 'Swedish kronor',
  sgd: 'Singapore dollars',
  thb: 'Thai baht',
  try: 'Turkish lira',
  twd: 'New Taiwan dollars',
  uah: 'Ukrainian hryvnias',
  vef: 'Venezuelan bolívares fuertes',
  vnd: 'Vietnamese đồng',
  xdr: 'IMF special drawing rights',
  zar: 'South African rand',
}

/**
 * The menus' second group: every other currency, by name. Compared by code units, not with
 * `localeCompare`, whose first call builds ICU's collator: 13 ms of the currency menu's start on
 * this machine, over 100 ms on the throttled phone the benchmark scales to, blocking hydration.
 * For these names the two orders agree (contract/currency.test.ts holds them to it).
 */
export const OTHER_CURRENCIES: readonly Currency[] = CURRENCIES.filter(
  (code) => !COMMON_CURRENCIES.includes(code),
).sort((a, b) => (CURRENCY_NAMES[a] < CURRENCY_NAMES[b] ? -1 : 1))

/**
 * `?currency=` on the pages with the price list: one of the offered currencies, else undefined,
 * which means the default. Not filled in: the router, rendering on the server, redirects to an
 * address whose validated search differs from the one asked for. The server renders the page in
 * the same currency by the same rule.
 */
export const CurrencyParamSchema = v.fallback(v.optional(CurrencySchema), undefined)

/**
 * Where this browser keeps the visitor's choice for the next visit. The server's HTML, shared by
 * every visitor through caches, never depends on one: the choice is applied by the address
 * (src/boot/currency.ts on arrival, the routes' `beforeLoad` in the app).
 */
export const CURRENCY_STORAGE_KEY = 'coinvera-currency'

/**
 * The paths whose pages show prices in the chosen currency: `/`, `/crypto`, the full list
 * (`/coins`), coin pages and `/watchlist`.
 */
export const CURRENCY_PATHS = /^\/(?:crypto|watchlist|coins(?:\/[^/]+)?)?$/
