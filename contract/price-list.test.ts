import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { PriceListSchema } from './price-list'

// What the one-pass check stands in for.
const itemByItem = v.array(v.nullable(v.number()))

describe('PriceListSchema', () => {
  const lists: unknown[] = [
    [],
    [1, 2.5, -3, 0],
    [94215.9, null, 94348.1],
    [null],
    [1, '2'],
    [1, Number.NaN],
    [1, undefined],
    [1, {}],
    'not a list',
    null,
    { 0: 1, length: 1 },
  ]

  it.each(lists)('accepts and refuses %j as the item-by-item schema does', (list) => {
    expect(v.safeParse(PriceListSchema, list).success).toBe(v.safeParse(itemByItem, list).success)
  })

  it('hands on the list itself, and says what it expected when it refuses one', () => {
    const prices = [1, null, 3]
    expect(v.parse(PriceListSchema, prices)).toBe(prices)
    const refused = v.safeParse(PriceListSchema, [1, 'two'])
    expect(refused.success).toBe(false)
    expect(refused.issues?.[0]?.message).toBe('expected a list of prices (numbers or null)')
  })
})
