import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CURRENCIES, CONVERTED_CURRENCIES } from '@contract/currency'
import { CURRENCY_FORMATS } from '@contract/currency-formats'
import {
  changeDirection,
  convertedNote,
  dataNote,
  formatDecimal,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRate,
  formatShare,
  formatRank,
  formatSince,
  formatSymbol,
  formatTime,
  formatMoneyChange,
  MISSING,
  monogram,
  type Rounding,
} from './format'

describe('formatSymbol', () => {
  it('upper-cases the symbol', () => expect(formatSymbol('btc')).toBe('BTC'))
  it('shows an en dash when missing', () => {
    expect(formatSymbol(null)).toBe(MISSING)
    expect(formatSymbol('')).toBe(MISSING)
    expect(MISSING).toBe('–')
  })
})

describe('formatPrice', () => {
  it('adds a dollar sign and two decimals with grouping', () => {
    expect(formatPrice(97412)).toBe('$97,412.00')
    expect(formatPrice(3571.2)).toBe('$3,571.20')
  })
  it('keeps tiny prices readable', () => {
    expect(formatPrice(0.00000123)).toBe('$0.00000123')
    expect(formatPrice(0.5)).toBe('$0.50')
    expect(formatPrice(0.012345678)).toBe('$0.01235')
  })
  it('keeps huge prices readable', () => {
    expect(formatPrice(1_234_567_890_123)).toBe('$1,234,567,890,123.00')
  })
  it('shows zero and negative values honestly', () => {
    expect(formatPrice(0)).toBe('$0.00')
    expect(formatPrice(-2.5)).toBe('-$2.50')
  })
  it('shows an en dash for null, missing or non-finite', () => {
    expect(formatPrice(null)).toBe('–')
    expect(formatPrice(undefined)).toBe('–')
    expect(formatPrice(Number.NaN)).toBe('–')
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('–')
  })
})

describe('formatPrice in each currency', () => {
  it('€ and £ with two decimals, ¥ with none, ₿ and Ξ with up to eight significant digits', () => {
    expect(formatPrice(84105.52, 'eur')).toBe('€84,105.52')
    expect(formatPrice(74149.9, 'gbp')).toBe('£74,149.90')
    expect(formatPrice(15138799.9, 'jpy')).toBe('¥15,138,800')
    expect(formatPrice(1, 'btc')).toBe('₿1')
    expect(formatPrice(0.036660123456, 'btc')).toBe('₿0.036660123')
    expect(formatPrice(27.2776, 'eth')).toBe('Ξ27.2776')
    expect(formatPrice(123456789.4, 'eth')).toBe('Ξ123,456,790')
  })
  it('keeps tiny prices readable in every currency', () => {
    expect(formatPrice(0.00001234)).toBe('$0.00001234')
    expect(formatPrice(0.00001234, 'eur')).toBe('€0.00001234')
    expect(formatPrice(0.0019, 'jpy')).toBe('¥0.0019')
    expect(formatPrice(0.000000012345678912, 'btc')).toBe('₿0.000000012345679')
    expect(formatPrice(-0.5, 'gbp')).toBe('-£0.50')
  })
  // ICU knows the fiat currencies' symbols and decimals (it has no sign for bitcoin or ether).
  it.each([
    ['USD', 'usd'],
    ['EUR', 'eur'],
    ['GBP', 'gbp'],
    ['JPY', 'jpy'],
  ] as const)('gives what Intl.NumberFormat gives for %s from one up', (code, currency) => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e15, noNaN: true }), (x) => {
        expect(formatPrice(x, currency)).toBe(intl.format(x))
        expect(formatPrice(-x, currency)).toBe(intl.format(-x))
      }),
      { numRuns: 1000 },
    )
  })
  it('market cap changes have two decimals in every currency, with no minus on a zero', () => {
    expect(formatMoneyChange(-1234.5678, 'jpy')).toBe('-¥1,234.57')
    expect(formatMoneyChange(-0.004, 'jpy')).toBe('¥0.00')
    expect(formatMoneyChange(0.004, 'eur')).toBe('€0.00')
    expect(formatMoneyChange(-359712.12345678, 'btc')).toBe('-₿359,712.12')
    // A real list in bitcoin: one column, one number of decimals.
    expect(formatMoneyChange(1235.32712, 'btc')).toBe('₿1,235.33')
    expect(formatMoneyChange(-109548.3519, 'btc')).toBe('-₿109,548.35')
    expect(formatMoneyChange(0.0421, 'eth')).toBe('Ξ0.04')
  })
})

describe('formatPercent', () => {
  it('formats with the locale and a percent sign', () => {
    expect(formatPercent(1.84215)).toBe('1.84%')
    expect(formatPercent(-5.12093)).toBe('-5.12%')
    expect(formatPercent(1234.5)).toBe('1,234.50%')
    expect(formatPercent(0)).toBe('0.00%')
  })
  it('drops the minus sign of a change that rounds to zero', () => {
    expect(formatPercent(-0)).toBe('0.00%')
    expect(formatPercent(-0.004)).toBe('0.00%')
    expect(formatPercent(-0.005)).toBe('-0.01%')
  })
  it('shows an en dash for null', () => expect(formatPercent(null)).toBe('–'))
})

describe('formatShare', () => {
  it('writes a fraction as a percentage without trailing zeros or a space', () => {
    expect(formatShare(0.05)).toBe('5%')
    expect(formatShare(0.01)).toBe('1%')
    expect(formatShare(0.07)).toBe('7%')
    expect(formatShare(0.005)).toBe('0.5%')
  })
})

describe('formatMoneyChange (market cap change)', () => {
  it('shows dollars with two decimals, the sign before the currency', () => {
    expect(formatMoneyChange(4012.5)).toBe('$4,012.50')
    expect(formatMoneyChange(-10671324112.7)).toBe('-$10,671,324,112.70')
    expect(formatMoneyChange(0.005)).toBe('$0.01')
    expect(formatMoneyChange(0)).toBe('$0.00')
    expect(formatMoneyChange(-0.001)).toBe('$0.00')
  })
  it('shows an en dash for null', () => expect(formatMoneyChange(undefined)).toBe('–'))
})

describe('formatNumber (volume, market cap)', () => {
  it('groups digits', () => {
    expect(formatNumber(1938227011865)).toBe('1,938,227,011,865')
    expect(formatNumber(41852331007.6)).toBe('41,852,331,008')
  })
  it('keeps small numbers exact enough', () => expect(formatNumber(12.3456)).toBe('12.346'))
  it('handles numbers past the safe integer range', () => {
    expect(formatNumber(1.5e21)).toBe('1,500,000,000,000,000,000,000')
  })
  it('shows an en dash for null', () => expect(formatNumber(null)).toBe('–'))
  it("writes a sum's currency sign before it", () => {
    expect(formatNumber(301219859913940, 'jpy')).toBe('¥301,219,859,913,940')
    expect(formatNumber(429644.2, 'btc')).toBe('₿429,644')
    expect(formatNumber(null, 'eur')).toBe('–')
  })
})

describe('formatRank', () => {
  it('shows the rank', () => expect(formatRank(12)).toBe('12'))
  it('shows an en dash for a new coin without rank', () => expect(formatRank(null)).toBe('–'))
})

describe('changeDirection', () => {
  it('is up above zero and down below it', () => {
    expect(changeDirection(0.01)).toBe('up')
    expect(changeDirection(-3)).toBe('down')
    expect(changeDirection(-0.005)).toBe('down')
  })
  it('is flat for a change shown as 0.00', () => {
    expect(changeDirection(0)).toBe('flat')
    expect(changeDirection(-0)).toBe('flat')
    expect(changeDirection(0.004)).toBe('flat')
    expect(changeDirection(-0.0049)).toBe('flat')
  })
  it('is none when unknown', () => expect(changeDirection(null)).toBe('none'))
})

describe('formatTime', () => {
  it('shows hours and minutes on a 24-hour clock', () => {
    const iso = new Date(2026, 10, 23, 14, 5).toISOString()
    expect(formatTime(iso)).toBe('14:05')
  })
  it('shows an en dash for a missing or bad date', () => {
    expect(formatTime(null)).toBe('–')
    expect(formatTime('not a date')).toBe('–')
  })
})

describe('monogram', () => {
  it('uses up to four letters of the upper-case symbol', () => {
    expect(monogram('btc')).toBe('BTC')
    expect(monogram('VIRTUAL')).toBe('VIRT')
  })
  it('falls back to a question mark without a symbol', () => expect(monogram('')).toBe('?'))
})

describe('dataNote', () => {
  it('says nothing for live, cached or upstream data', () => {
    expect(dataNote({ source: 'live', updatedAt: null })).toBeNull()
    expect(dataNote({ source: 'cache', updatedAt: '2026-11-23T14:05:00Z' })).toBeNull()
    expect(dataNote({ source: null, updatedAt: null })).toBeNull()
  })
  it('gives the time of stale data', () => {
    const iso = new Date(2026, 10, 23, 14, 5).toISOString()
    expect(dataNote({ source: 'stale', updatedAt: iso })).toBe('Prices as of 14:05')
  })
  it('still warns about stale data without a time', () => {
    expect(dataNote({ source: 'stale', updatedAt: null })).toBe('Prices may be out of date')
  })
  it('says when the data is a sample', () => {
    expect(dataNote({ source: 'sample', updatedAt: null })).toBe('Live prices are unavailable')
  })
  it('gives the age of shown data whose refresh failed', () => {
    const since = new Date(2026, 10, 23, 14, 32).toISOString()
    const now = new Date(2026, 10, 23, 18, 0).getTime()
    const failed = { subject: 'prices', since, now }
    expect(dataNote({ source: 'live', updatedAt: since }, failed)).toBe(
      "Showing prices from 14:32 — couldn't refresh",
    )
    expect(dataNote({ source: 'stale', updatedAt: since }, failed)).toBe(
      "Showing prices from 14:32 — couldn't refresh",
    )
    expect(dataNote({ source: 'sample', updatedAt: since }, failed)).toBe(
      'Live prices are unavailable',
    )
  })
})

describe('formatSince', () => {
  const since = new Date(2026, 10, 22, 21, 5).toISOString()
  it('gives the time alone for today', () => {
    expect(formatSince(since, new Date(2026, 10, 22, 23, 59).getTime())).toBe('21:05')
  })
  it('adds the day for an earlier one', () => {
    expect(formatSince(since, new Date(2026, 10, 23, 8, 0).getTime())).toBe('Nov 22, 21:05')
  })
})

describe('formatDecimal', () => {
  const roundings: Rounding[] = [
    { minFraction: 0, maxFraction: 0 },
    { minFraction: 0, maxFraction: 3 },
    { minFraction: 2, maxFraction: 2 },
    { minSignificant: 2, maxSignificant: 4 },
    { minSignificant: 1, maxSignificant: 8 },
  ]
  const intl = (value: number, rounding: Rounding) =>
    new Intl.NumberFormat(
      'en-US',
      'maxFraction' in rounding
        ? {
            minimumFractionDigits: rounding.minFraction,
            maximumFractionDigits: rounding.maxFraction,
          }
        : {
            minimumSignificantDigits: rounding.minSignificant,
            maximumSignificantDigits: rounding.maxSignificant,
          },
    ).format(value)
  // Prices as the market sends them: whole cents, halves on every rounding boundary, tiny values.
  const value = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e24, max: 1e24 }),
    fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000 + 0.0005),
    fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 100 + 0.005),
    fc.integer({ min: -1e6, max: 1e6 }).map((n) => n + 0.5),
    fc.tuple(fc.integer({ min: 1, max: 99_999 }), fc.nat(12)).map(([n, shift]) => n * 10 ** -shift),
    fc.constantFrom(0, -0, 0.5, 0.99995, 9.9995, 999.9995, 99999.5, 1.005, 1e21, 1.5e21),
  )

  it('gives what Intl.NumberFormat gives in en-US', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(...roundings), (x, rounding) => {
        expect(formatDecimal(x, rounding)).toBe(intl(x, rounding))
      }),
      { numRuns: 5000 },
    )
  })
  it('rounds the number as written, half away from zero', () => {
    expect(formatDecimal(1.005, { minFraction: 2, maxFraction: 2 })).toBe('1.01')
    expect(formatDecimal(-2.5, { minFraction: 0, maxFraction: 0 })).toBe('-3')
    expect(formatDecimal(999.9995, { minFraction: 0, maxFraction: 3 })).toBe('1,000')
    expect(formatDecimal(0.99996, { minSignificant: 2, maxSignificant: 4 })).toBe('1.0')
  })
})

describe('every currency, in its own sign and decimals', () => {
  // One price per currency, checked against Intl for the fiat ones (the coins have no ISO code).
  it.each(CURRENCIES.filter((c) => c !== 'btc' && c !== 'eth'))(
    '%s: a price and a total as Intl writes them in en-US',
    (currency) => {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency })
      expect(formatPrice(1234.5678, currency)).toBe(intl.format(1234.5678))
      expect(formatPrice(-98765.4321, currency)).toBe(intl.format(-98765.4321))
      expect(formatNumber(1_840_734_193.4, currency)).toBe(
        new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency,
          maximumFractionDigits: 0,
          minimumFractionDigits: 0,
        }).format(1_840_734_193.4),
      )
    },
  )

  it('yen and won have no decimals, the Kuwaiti dinar three, a code stands apart from its digits', () => {
    expect(formatPrice(1234.56, 'jpy')).toBe('¥1,235')
    expect(formatPrice(1234.56, 'krw')).toBe('₩1,235')
    expect(formatPrice(1234.5678, 'kwd')).toBe('KWD\u00a01,234.568')
    expect(formatPrice(83.2, 'inr')).toBe('₹83.20')
    expect(formatPrice(0.00123, 'inr')).toBe('₹0.00123')
    expect(formatMoneyChange(-5.5, 'chf')).toBe('-CHF\u00a05.50')
  })

  it('every converted currency has its format', () => {
    for (const currency of CONVERTED_CURRENCIES) expect(CURRENCY_FORMATS[currency]).toBeDefined()
  })
})

describe('convertedNote', () => {
  const conversion = {
    from: 'usd' as const,
    rate: 83.2112,
    ratesAt: '2026-11-29T10:02:00.000Z',
    ratesSource: 'upstream' as const,
    change24h: 'dollar' as const,
  }
  const now = Date.parse('2026-11-29T10:05:30.000Z')

  it('says the rate and how long ago it was taken, and whose 24 h change it is', () => {
    expect(convertedNote(conversion, 'inr', now)).toBe(
      'Converted from USD at 1 USD = 83.21 INR, 3\u00a0min ago. The 24 h change is the dollar’s: no rate from a day ago is held yet.',
    )
    expect(convertedNote({ ...conversion, change24h: 'rate' }, 'inr', now)).toMatch(
      /, 3\u00a0min ago\. The 24 h change includes the rate’s own move\.$/,
    )
  })

  it('in the server’s HTML, the rate’s time in UTC; with the sample rates, says so', () => {
    expect(convertedNote(conversion, 'inr', null)).toContain(
      'at 1 USD = 83.21 INR, the rate of 10:02 UTC.',
    )
    expect(convertedNote({ ...conversion, ratesSource: 'sample' }, 'inr', now)).toContain(
      'a sample rate (live rates are unavailable)',
    )
  })

  it('a rate below one keeps four significant digits', () => {
    expect(formatRate(0.306881)).toBe('0.3069')
    expect(formatRate(16652.4)).toBe('16,652.40')
  })
})
