import { queryOptions } from '@tanstack/react-query'
import { ApiError, api, parseResponse, requestJson } from '@/lib/http'
import { type AccountUser, AccountSessionSchema } from '@contract/account'
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

export const accountQueries = {
  session: () =>
    queryOptions({
      // Under the auth prefix: what refreshes or clears the session reaches this one too.
      queryKey: [...authQueries.all, 'account'] as const,
      queryFn: fetchAccountSession,
      enabled: () => mightBeSignedIn(),
    }),
}
