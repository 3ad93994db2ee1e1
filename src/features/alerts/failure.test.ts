import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/http'
import { describeAlertFailure } from './failure'

const answer = (status: number, code: string, message: string, retryAfterMs?: number) =>
  new ApiError({ status, code, message, retryAfterMs: retryAfterMs ?? null })

describe('describeAlertFailure', () => {
  it('puts the API’s reason an alert would fire at once next to the price', () => {
    const message = 'The price is 97412 already: this alert would fire at once.'
    expect(describeAlertFailure(answer(409, 'alert_would_fire', message))).toEqual({
      errors: { price: message },
      problem: null,
    })
  })

  it('says the cap and an unconfirmed address in the API’s words', () => {
    const cap = 'You have 50 alerts already. Delete one to create another.'
    expect(describeAlertFailure(answer(409, 'too_many_alerts', cap)).problem?.message).toBe(cap)
    const unverified = 'Confirm your email address first: alerts are sent to it.'
    expect(describeAlertFailure(answer(403, 'email_unverified', unverified)).problem?.message).toBe(
      unverified,
    )
  })

  it('counts down from the Retry-After of a rate-limited answer, in whole seconds', () => {
    const { problem } = describeAlertFailure(answer(429, 'rate_limited', 'Too many', 12_300))
    expect(problem).toMatchObject({ retryAfterS: 13, retry: false })
  })
})
