// Shared by the site and the server, so this module imports the valibot-only ./currency only.
import type { Currency } from './currency'

/**
 * How a sum in a currency is written: what stands before the digits (its sign, or its code and a
 * no-break space) and how many decimals it has; null for the coins (bitcoin, ether), which have
 * no fixed decimals (one satoshi is 0.00000001 BTC).
 */
export type CurrencyFormat = { prefix: string; decimals: number | null }

/**
 * Each fiat currency's format as `new Intl.NumberFormat('en-US', { style: 'currency', currency })`
 * gives it (`formatToParts` before the integer, `resolvedOptions().maximumFractionDigits`), written
 * out as data: the first NumberFormat a page builds costs ~76 ms on a throttled phone
 * (src/lib/format.ts), and the server's ICU and the browser's could disagree. A unit test holds
 * every entry to Intl (contract/currency-formats.test.ts prints the right one when it drifts).
 * The coins have no ISO code, so no Intl data: ₿ and Ξ, as the site has always written them.
 */
export const CURRENCY_FORMATS: Record<Currency, CurrencyFormat> = {
  btc: { prefix: '₿', decimals: null },
  eth: { prefix: 'Ξ', decimals: null },
  usd: { prefix: '$', decimals: 2 },
  eur: { prefix: '€', decimals: 2 },
  gbp: { prefix: '£', decimals: 2 },
  jpy: { prefix: '¥', decimals: 0 },
  aed: { prefix: 'AED\u00a0', decimals: 2 },
  ars: { prefix: 'ARS\u00a0', decimals: 2 },
  aud: { prefix: 'A$', decimals: 2 },
  bdt: { prefix: 'BDT\u00a0', decimals: 2 },
  bhd: { prefix: 'BHD\u00a0', decimals: 3 },
  bmd: { prefix: 'BMD\u00a0', decimals: 2 },
  brl: { prefix: 'R$', decimals: 2 },
  cad: { prefix: 'CA$', decimals: 2 },
  chf: { prefix: 'CHF\u00a0', decimals: 2 },
  clp: { prefix: 'CLP\u00a0', decimals: 0 },
  cny: { prefix: 'CN¥', decimals: 2 },
  czk: { prefix: 'CZK\u00a0', decimals: 2 },
  dkk: { prefix: 'DKK\u00a0', decimals: 2 },
  gel: { prefix: 'GEL\u00a0', decimals: 2 },
  hkd: { prefix: 'HK$', decimals: 2 },
  huf: { prefix: 'HUF\u00a0', decimals: 0 },
  idr: { prefix: 'IDR\u00a0', decimals: 0 },
  ils: { prefix: '₪', decimals: 2 },
  inr: { prefix: '₹', decimals: 2 },
  krw: { prefix: '₩', decimals: 0 },
  kwd: { prefix: 'KWD\u00a0', decimals: 3 },
  lkr: { prefix: 'LKR\u00a0', decimals: 2 },
  mmk: { prefix: 'MMK\u00a0', decimals: 0 },
  mxn: { prefix: 'MX$', decimals: 2 },
  myr: { prefix: 'MYR\u00a0', decimals: 2 },
  ngn: { prefix: 'NGN\u00a0', decimals: 2 },
  nok: { prefix: 'NOK\u00a0', decimals: 2 },
  nzd: { prefix: 'NZ$', decimals: 2 },
  php: { prefix: '₱', decimals: 2 },
  pkr: { prefix: 'PKR\u00a0', decimals: 0 },
  pln: { prefix: 'PLN\u00a0', decimals: 2 },
  rub: { prefix: 'RUB\u00a0', decimals: 2 },
  sar: { prefix: 'SAR\u00a0', decimals: 2 },
  sek: { prefix: 'SEK\u00a0', decimals: 2 },
  sgd: { prefix: 'SGD\u00a0', decimals: 2 },
  thb: { prefix: 'THB\u00a0', decimals: 2 },
  try: { prefix: 'TRY\u00a0', decimals: 2 },
  twd: { prefix: 'NT$', decimals: 2 },
  uah: { prefix: 'UAH\u00a0', decimals: 2 },
  vef: { prefix: 'VEF\u00a0', decimals: 2 },
  vnd: { prefix: '₫', decimals: 0 },
  xdr: { prefix: 'XDR\u00a0', decimals: 2 },
  zar: { prefix: 'ZAR\u00a0', decimals: 2 },
}
