import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { PriceListSearchSchema } from './sort'

describe('PriceListSearchSchema', () => {
  it('keeps a known order', () => {
    expect(v.parse(PriceListSearchSchema, { sort: 'change_desc' })).toEqual({
      sort: 'change_desc',
      currency: undefined,
    })
  })

  it('keeps each offered currency, with the order', () => {
    for (const currency of ['usd', 'eur', 'gbp', 'jpy', 'btc', 'eth']) {
      expect(v.parse(PriceListSearchSchema, { currency, sort: 'price_asc' })).toEqual({
        currency,
        sort: 'price_asc',
      })
    }
  })

  // Undefined is US dollars; left out, so the address stays as asked (see CurrencyParamSchema).
  it('falls back to no currency (US dollars) for a missing or unknown one, never failing', () => {
    for (const currency of [undefined, '', 'EUR', 'xau', 'usd,eur', 1, ['eur'], null]) {
      expect(
        v.parse(PriceListSearchSchema, { currency }).currency,
        String(currency),
      ).toBeUndefined()
    }
    expect(v.parse(PriceListSearchSchema, {}).currency).toBeUndefined()
  })

  it('falls back to no sort for anything else, never failing', () => {
    for (const sort of [undefined, 'nope', 42, ['price_desc'], null]) {
      expect(v.parse(PriceListSearchSchema, { sort }).sort, String(sort)).toBeUndefined()
    }
    expect(v.parse(PriceListSearchSchema, {}).sort).toBeUndefined()
  })
})
