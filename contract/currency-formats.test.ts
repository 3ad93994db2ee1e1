import { describe, expect, it } from 'vitest'
import { CURRENCIES } from './currency'
import { CURRENCY_FORMATS } from './currency-formats'

const COINS = ['btc', 'eth']

// What Intl says, in the shape of the table: a drifted entry fails with the right one beside it.
function fromIntl(currency: string) {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency })
  const parts = format.formatToParts(1234.5)
  const integer = parts.findIndex((part) => part.type === 'integer')
  return {
    prefix: parts
      .slice(0, integer)
      .map((part) => part.value)
      .join(''),
    decimals: format.resolvedOptions().maximumFractionDigits,
  }
}

describe('CURRENCY_FORMATS', () => {
  it.each(CURRENCIES.filter((currency) => !COINS.includes(currency)))(
    '%s is written as Intl writes it in en-US',
    (currency) => {
      expect(CURRENCY_FORMATS[currency]).toEqual(fromIntl(currency.toUpperCase()))
    },
  )

  it('the coins have no fixed decimals', () => {
    expect(CURRENCY_FORMATS.btc).toEqual({ prefix: '₿', decimals: null })
    expect(CURRENCY_FORMATS.eth).toEqual({ prefix: 'Ξ', decimals: null })
  })

  it('yen, won, dong and the Chilean peso have no decimals; the dinars of Kuwait and Bahrain three', () => {
    for (const currency of ['jpy', 'krw', 'vnd', 'clp'] as const) {
      expect(CURRENCY_FORMATS[currency].decimals).toBe(0)
    }
    for (const currency of ['kwd', 'bhd'] as const) {
      expect(CURRENCY_FORMATS[currency].decimals).toBe(3)
    }
  })
})
