import { queryOptions } from '@tanstack/react-query'
import { requestSignedIn } from '@/lib/http'
import { type AccountUser, AccountSessionSchema } from '@contract/account'
import {
  type AccountDetails,
  AccountDetailsSchema,
  AccountResponseSchema,
} from '@contract/account-details'
import { mightBeSignedIn } from './cookies'
import { authQueries, fetchSessionAs } from './session'

// The session as the account page needs it (with the address's state), loaded with that page
// only: the navigation bar's session schema, on every page, stays as small as it was.
export const fetchAccountSession = (): Promise<AccountUser | null> =>
  fetchSessionAs(AccountSessionSchema)

/** What the account page shows (`GET /api/account`), or null when nobody is signed in. */
export async function fetchAccountDetails(): Promise<AccountDetails | null> {
  return (await requestSignedIn('api/account', AccountResponseSchema))?.account ?? null
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
      meta: {
        schema: AccountDetailsSchema,
        onPage: ({ viewer, account }) => (viewer && account ? { data: account } : undefined),
      },
      enabled: () => mightBeSignedIn(),
    }),
}
