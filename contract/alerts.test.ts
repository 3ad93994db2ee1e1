import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CreateAlertSchema } from './alerts'

const alert = (price: unknown) => ({
  coinId: 'bitcoin',
  currency: 'usd',
  direction: 'above',
  price,
})
const problem = (price: unknown) => {
  const result = v.safeParse(CreateAlertSchema, alert(price))
  return result.success ? null : result.issues.map((issue) => issue.message)
}

describe('an alert’s price', () => {
  it('is a number, or text that is one (a form without the script sends text)', () => {
    expect(v.parse(CreateAlertSchema, alert(61_250.5)).price).toBe(61_250.5)
    expect(v.parse(CreateAlertSchema, alert(' 61250.5 ')).price).toBe(61_250.5)
    expect(v.parse(CreateAlertSchema, alert('0.00001296')).price).toBe(0.000_012_96)
  })

  it('says what is wrong, one message each', () => {
    expect(problem('')).toEqual(['Enter a price.'])
    expect(problem('   ')).toEqual(['Enter a price.'])
    expect(problem(null)).toEqual(['Enter a price.'])
    expect(problem('lots')).toEqual(['Enter a price as a number, such as 61250.5.'])
    expect(problem('1e999')).toEqual(['Enter a price as a number, such as 61250.5.'])
    expect(problem(0)).toEqual(['Enter a price above zero.'])
    expect(problem('-5')).toEqual(['Enter a price above zero.'])
  })
})
