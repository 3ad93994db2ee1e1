import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convert, readAmount } from './amounts'

describe('readAmount', () => {
  it('reads what a person types', () => {
    expect(readAmount('0.5')).toBe('0.5')
    expect(readAmount(' 1,250.50 ')).toBe('1250.5')
    expect(readAmount('.25')).toBe('0.25')
    expect(readAmount('3.')).toBe('3')
    expect(readAmount('007')).toBe('7')
  })

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-1', '1e6', '1.2.3', '0x10', 'Infinity', '1'.repeat(21)]) {
      expect(readAmount(text), text).toBeNull()
    }
  })
})

describe('convert', () => {
  it('multiplies exactly, where floats do not', () => {
    expect(3 * 0.1).not.toBe(0.3)
    expect(convert('0.1', 97412.37, { digits: 8 })).toBe('9741.237')
    expect(convert('0.1', 97412.37, { digits: 2, minDigits: 2 })).toBe('9741.24')
    expect(convert('3', 0.1, { digits: 8 })).toBe('0.3')
  })

  it('rounds half to even at the target digits', () => {
    expect(convert('1', 2.345, { digits: 2 })).toBe('2.34')
    expect(convert('1', 2.355, { digits: 2 })).toBe('2.36')
    expect(convert('1', 152.5, { digits: 0 })).toBe('152')
    expect(convert('1', 153.5, { digits: 0 })).toBe('154')
  })

  it('divides for the other direction', () => {
    expect(convert('9741.237', 97412.37, { digits: 8, divide: true })).toBe('0.1')
    expect(convert('100', 3, { digits: 8, divide: true })).toBe('33.33333333')
  })

  it('pads to the fixed digits a currency shows', () => {
    expect(convert('2', 1.5, { digits: 2, minDigits: 2 })).toBe('3.00')
    expect(convert('2', 1.5, { digits: 0 })).toBe('3')
  })

  it('has no answer without a usable rate', () => {
    expect(convert('1', 0, { digits: 2 })).toBeNull()
    expect(convert('1', Number.NaN, { digits: 2 })).toBeNull()
  })

  it('goes there and back within half a unit of the last digit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        (satoshis, rate) => {
          const amount = (satoshis / 1e8).toFixed(8)
          const there = convert(amount, rate, { digits: 18 }) ?? ''
          const back = convert(there, rate, { digits: 8, divide: true }) ?? ''
          expect(Math.abs(Number(back) - Number(amount))).toBeLessThanOrEqual(0.5e-8)
        },
      ),
    )
  })
})
