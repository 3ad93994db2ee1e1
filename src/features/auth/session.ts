import { queryOptions, useQuery } from '@tanstack/react-query'
import { useHydrated } from '@/components/hydrated'
import { ApiError, api, parseResponse, requestJson } from '@/lib/http'
import { mightBeSignedIn } from './cookies'
import { type SessionUser, SessionUserSchema } from '@contract/session'

/** Who is signed in: the user, or null (the server's 401) for a visitor. */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    const { body } = await requestJson(api, 'api/auth/session')
    return parseResponse(SessionUserSchema, body).user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export const authQueries = {
  all: ['auth'] as const,
  // Per visitor and private: kept out of the persisted cache (see main.tsx), refetched on focus.
  // Asked only when the companion cookie says a session may exist: a visitor costs no request.
  session: () =>
    queryOptions({
      queryKey: [...authQueries.all, 'session'] as const,
      queryFn: fetchSession,
      enabled: () => mightBeSignedIn(),
      staleTime: 5 * 60_000,
    }),
}

/**
 * The signed-in user, or undefined for a visitor and while the page hydrates: the session is known
 * only in the browser, so the prerendered (anonymous) page and the first render must agree.
 */
export function useSignedInUser(): SessionUser | undefined {
  const hydrated = useHydrated()
  const { data } = useQuery(authQueries.session())
  return hydrated ? (data ?? undefined) : undefined
}
