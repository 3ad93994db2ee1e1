import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { paramFromSorting, SortParamSchema, sortingFromParam } from './table-sort'

const PRICE_LIST = ['rank', 'name', 'price', 'change', 'cap_change', 'volume', 'market_cap']

describe('sortingFromParam', () => {
  it("maps a column and a direction of the address to the table's sorting", () => {
    expect(sortingFromParam('price_desc', PRICE_LIST)).toEqual([{ id: 'price', desc: true }])
    expect(sortingFromParam('change_asc', PRICE_LIST)).toEqual([{ id: 'change', desc: false }])
    expect(sortingFromParam('cap_change_desc', PRICE_LIST)).toEqual([
      { id: 'cap_change', desc: true },
    ])
    expect(sortingFromParam('market_cap_asc', PRICE_LIST)).toEqual([
      { id: 'market_cap', desc: false },
    ])
  })

  it("gives the default order (no sorting) for a missing value or a column not the table's", () => {
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
      'spark_desc',
    ]) {
      expect(sortingFromParam(param, PRICE_LIST), String(param)).toEqual([])
    }
  })

  it('round-trips with paramFromSorting for every column', () => {
    for (const id of PRICE_LIST) {
      for (const direction of ['asc', 'desc']) {
        const param = `${id}_${direction}`
        expect(paramFromSorting(sortingFromParam(param, PRICE_LIST))).toBe(param)
      }
    }
  })
})

describe('paramFromSorting', () => {
  it('drops the parameter for the default order', () => {
    expect(paramFromSorting([])).toBeUndefined()
  })

  it('names the first column only', () => {
    expect(
      paramFromSorting([
        { id: 'volume', desc: false },
        { id: 'name', desc: true },
      ]),
    ).toBe('volume_asc')
  })
})

describe('SortParamSchema', () => {
  it('keeps a column and a direction, and drops anything else without failing', () => {
    expect(v.parse(SortParamSchema, 'change_1h_desc')).toBe('change_1h_desc')
    for (const sort of ['nope', 'price_up', 'Price_desc', 42, ['price_desc'], null, '']) {
      expect(v.parse(SortParamSchema, sort), String(sort)).toBeUndefined()
    }
  })
})
