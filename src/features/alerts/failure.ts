import { ApiError } from '@/lib/http'
import type { ALERT_ERRORS } from '@contract/alerts'
import { ERROR_MESSAGES } from '@contract/error-messages'
import type { FormProblem } from '@/components/form/form-problem'
import { describeFailure, OUR_SIDE } from '@/features/auth/failure'

/** A form-level problem; `retryAfterS` when the rate limit said no (shown as a countdown). */
export type AlertProblem = FormProblem & { retryAfterS?: number }

/** What the visitor reads when the page came back from a form posted without its script. */
export const RETURNED: Record<(typeof ALERT_ERRORS)[number], string> = {
  validation_failed:
    'Enter a price above zero, as a number such as 61250.5, and choose above or below.',
  unknown_coin: 'There is no coin with this id: open the coin from the list and try again.',
  email_unverified: `${ERROR_MESSAGES.email_unverified} Your account page can send the link again.`,
  too_many_alerts: ERROR_MESSAGES.too_many_alerts,
  alert_would_fire:
    'The price is already past that value, so the alert would fire at once. Choose a value on the other side of the current price.',
  unauthenticated: 'You are signed out. Sign in to create and see your price alerts.',
  rate_limited: 'Too many alerts created in a minute. Please try again in a minute.',
  invalid_token: 'This link does not work any more: the alert was deleted already.',
  unavailable: OUR_SIDE,
}

/**
 * What a failed alert request means to the visitor: the API's own message where it says more
 * than a code (the price an alert would fire at), a countdown when rate limited.
 */
export function describeAlertFailure(failure: Error): {
  errors: { price?: string }
  problem: AlertProblem | null
} {
  if (!(failure instanceof ApiError)) return describeFailure(failure, ['price'])
  if (failure.status === 429) {
    const retryAfterS = Math.max(1, Math.ceil((failure.retryAfterMs ?? 60_000) / 1000))
    return {
      errors: {},
      problem: { message: 'Too many alerts created in a minute.', retry: false, retryAfterS },
    }
  }
  if (failure.code === 'alert_would_fire') {
    return { errors: { price: failure.message }, problem: null }
  }
  if (
    failure.code === 'too_many_alerts' ||
    failure.code === 'email_unverified' ||
    failure.code === 'unknown_coin'
  ) {
    return { errors: {}, problem: { message: failure.message, retry: false } }
  }
  if (failure.code === 'unauthenticated') {
    return { errors: {}, problem: { message: RETURNED.unauthenticated, retry: false } }
  }
  return describeFailure(failure, ['price'])
}
