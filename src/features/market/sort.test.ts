import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { PriceListSearchSchema, paramFromSorting, SORT_KEYS, sortingFromParam } from './sort'

describe('sortingFromParam', () => {
  it('maps each column and direction of the address to the table sorting', () => {
    expect(sortingFromParam('price_desc')).toEqual([{ id: 'current_price', desc: true }])
    expect(sortingFromParam('change_asc')).toEqual([
      { id: 'price_change_percentage_24h', desc: false },
    ])
    expect(sortingFromParam('cap_change_desc')).toEqual([
      { id: 'market_cap_change_24h', desc: true },
    ])
    expect(sortingFromParam('market_cap_asc')).toEqual([{ id: 'market_cap', desc: false }])
  })

  it('gives the default order (no sorting) for a missing or unknown value', () => {
    for (const param of [
      undefined,
      '',
      'price',
      'price_up',
      'colour_desc',
      'PRICE_DESC',
      'toString_asc',
      '__proto___asc',
      ' price_desc',
    ]) {
      expect(sortingFromParam(param), String(param)).toEqual([])
    }
  })

  it('round-trips with paramFromSorting for every column', () => {
    for (const key of Object.keys(SORT_KEYS)) {
      for (const direction of ['asc', 'desc']) {
        const param = `${key}_${direction}`
        expect(paramFromSorting(sortingFromParam(param))).toBe(param)
      }
    }
  })
})

describe('paramFromSorting', () => {
  it('drops the parameter for the default order and for unknown columns', () => {
    expect(paramFromSorting([])).toBeUndefined()
    expect(paramFromSorting([{ id: 'image', desc: true }])).toBeUndefined()
  })

  it('names the first column only', () => {
    expect(
      paramFromSorting([
        { id: 'total_volume', desc: false },
        { id: 'name', desc: true },
      ]),
    ).toBe('volume_asc')
  })
})

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
    for (const currency of [undefined, '', 'EUR', 'cad', 'usd,eur', 1, ['eur'], null]) {
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
