import { describe, expect, it } from 'vitest'
import { suggestedPrice } from './create-alert-form'

describe('suggestedPrice', () => {
  it('is 5% above or below the current price, to four significant digits', () => {
    expect(suggestedPrice(97_412, 'above')).toBe('102300')
    expect(suggestedPrice(97_412, 'below')).toBe('92540')
    expect(suggestedPrice(1.0003, 'above')).toBe('1.05')
  })

  it('writes a tiny price out in full, as a form field takes it, never with an exponent', () => {
    expect(suggestedPrice(0.000_012_345_6, 'above')).toBe('0.00001296')
    expect(suggestedPrice(0.000_000_01, 'below')).toBe('0.0000000095')
  })

  it('suggests nothing without a usable price', () => {
    expect(suggestedPrice(undefined, 'above')).toBe('')
    expect(suggestedPrice(0, 'below')).toBe('')
    expect(suggestedPrice(Number.NaN, 'above')).toBe('')
  })
})
