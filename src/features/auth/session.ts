import { queryOptions } from '@tanstack/react-query'
import { usePageQuery } from '@/components/hydrated'
import type * as v from 'valibot'
import { requestSignedIn } from '@/lib/http'
import { mightBeSignedIn } from './cookies'
import { type SessionUser, SessionUserSchema } from '@contract/session'

/**
 * Who is signed in, read with `schema` (the account page's adds the address's state), or null
 * (the server's 401) for a visitor.
 */
export async function fetchSessionAs<U>(
  schema: v.GenericSchema<unknown, { user: U }>,
): Promise<U | null> {
  return (await requestSignedIn('api/auth/session', schema))?.user ?? null
}

/** Who is signed in: the user, or null for a visitor. */
export const fetchSession = (): Promise<SessionUser | null> => fetchSessionAs(SessionUserSchema)

export const authQueries = {
  all: ['auth'] as const,
  // Per visitor and private: kept out of the persisted cache (see main.tsx), refetched on focus.
  // Asked only when the companion cookie says a session may exist: a visitor costs no request.
  // A page the server rendered for a signed-in visitor carries it (src/lib/page-state.ts).
  session: () =>
    queryOptions({
      queryKey: [...authQueries.all, 'session'] as const,
      queryFn: fetchSession,
      meta: {
        schema: SessionUserSchema.entries.user,
        // A page rendered for a signed-in visitor, and never cached for another.
        onPage: ({ viewer }) => viewer && { data: viewer },
      },
      enabled: () => mightBeSignedIn(),
      staleTime: 5 * 60_000,
    }),
}

/**
 * The signed-in user, or undefined for a visitor. While the page hydrates it is who the server
 * rendered the page for (nobody on a prerendered page), so the first render matches its HTML.
 */
export function useSignedInUser(): SessionUser | undefined {
  return usePageQuery(authQueries.session()).data ?? undefined
}
