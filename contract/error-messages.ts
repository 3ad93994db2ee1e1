// The API's error codes and their texts, apart from contract/api-error.ts: that module comes with
// every page (the client's error parsing), these texts only with the forms that show them.

/**
 * Every error code the API answers with, and the text a caller reads when the server says no
 * more. The site's messages are built on these texts, so each is written once; the server's
 * `ERROR_STATUS` must name exactly these codes.
 */
export const ERROR_MESSAGES = {
  bad_request: 'The request could not be understood.',
  validation_failed: 'Some fields need attention.',
  malformed_json: 'The request body is not valid JSON.',
  invalid_query: 'This endpoint only accepts the query the site sends.',
  invalid_coin_id: 'A coin id is 1 to 100 lower-case letters, digits and hyphens.',
  invalid_token: 'This link has expired or was already used. Ask for a new one.',
  unauthenticated: 'You are not signed in.',
  invalid_credentials: 'Invalid username or password',
  forbidden_origin: 'Requests from other sites are not allowed.',
  invalid_password: 'The password is not right.',
  email_unverified: 'Confirm your email address first: alerts are sent to it.',
  not_found: 'There is nothing here.',
  unknown_coin: 'There is no coin with this id.',
  no_such_page: 'The list of coins has no such page.',
  method_not_allowed: 'This method is not allowed here.',
  email_taken: 'An account with this email address already exists.',
  too_many_alerts: 'You have 50 alerts already. Delete one to create another.',
  alert_would_fire: 'The price is already past this value: the alert would fire at once.',
  watchlist_full: 'Your watchlist holds 200 coins, the most it can. Remove one to add another.',
  portfolio_full:
    'Your portfolio holds 1,000 transactions, the most it can. Delete one to add another.',
  exceeds_holding:
    'This would sell or move out more of a coin than the portfolio holds at that date.',
  payload_too_large: 'The request body is larger than 16 KiB.',
  unsupported_media_type: 'Send the body as application/json or as a form.',
  rate_limited: 'Too many requests. Try again later.',
  internal_error: 'Something went wrong on our side. Try again later.',
  service_unavailable: 'The service is temporarily unavailable. Try again later.',
  database_unavailable: 'Accounts are unavailable for a moment. Try again shortly.',
  busy: 'Coinvera is busy right now. Try again in a moment.',
  upstream_busy: 'Too many requests for market data right now. Try again shortly.',
  upstream_unavailable: 'Market data is unavailable right now. Try again shortly.',
} as const
export type ErrorCode = keyof typeof ERROR_MESSAGES
