import { hashKey, queryOptions } from '@tanstack/react-query'
import { ApiError, api, parseResponse, requestJson } from '@/lib/http'
import { type AccountUser, AccountSessionSchema } from '@contract/account'
import {
  type AccountDetails,
  AccountDetailsSchema,
  AccountResponseSchema,
} from '@contract/account-details'
import { mightBeSignedIn } from './cookies'
import { authQueries } from './session'

// The session as the account page needs it (with the address's state), loaded with that page
// only: the navigation bar's session schema, on every page, stays as small as it was.
export async function fetchAccountSession(): Promise<AccountUser | null> {
  try {
    const { body } = await requestJson(api, 'api/auth/session')
    return parseResponse(AccountSessionSchema, body).user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** What the account page shows (`GET /api/account`), or null when nobody is signed in. */
export async function fetchAccountDetails(): Promise<AccountDetails | null> {
  try {
    const { body } = await requestJson(api, 'api/account')
    return parseResponse(AccountResponseSchema, body).account
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export const accountQueries = {
  session: () =>
    queryOptions({
      // Under the auth prefix: what refreshes or clears the session reaches this one too.
      queryKey: [...authQueries.all, 'account'] as const,
      queryFn: fetchAccountSession,
      enabled: () => mightBeSignedIn(),
    }),
  // Under the auth prefix too; a page rendered for the signed-in visitor carries it (`/account`).
  details: () =>
    queryOptions({
      queryKey: [...authQueries.all, 'details'] as const,
      queryFn: fetchAccountDetails,
      enabled: () => mightBeSignedIn(),
    }),
}

/** The details' schema for the account page's state (src/lib/page-state.ts). */
export function accountSchemaFor(queryKey: readonly unknown[]) {
  return hashKey(queryKey) === hashKey(accountQueries.details().queryKey)
    ? AccountDetailsSchema
    : undefined
}
