import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { ApiError, send } from '@/lib/http'
import { safeReturnPath } from '@contract/return-to'
import { authQueries } from './session'

/**
 * What the browser held for the account (its session, its details, its alerts: every query under
 * the auth prefix) becomes "signed out", so no page keeps showing it on a shared device.
 */
function forgetAccount(queryClient: QueryClient) {
  queryClient.setQueriesData({ queryKey: authQueries.all }, null)
}

/** Ends this browser's session (`DELETE /api/auth/session`). */
export function deleteSession(): Promise<void> {
  return send('api/auth/session', { method: 'delete' })
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => forgetAccount(queryClient),
  })
}

/** Ends every session of the account, on every device (`DELETE /api/auth/sessions`). */
export async function deleteAllSessions(): Promise<void> {
  try {
    await send('api/auth/sessions', { method: 'delete' })
  } catch (error) {
    // No session any more (it ended elsewhere): this browser is signed out, as asked.
    if (!(error instanceof ApiError && error.status === 401)) throw error
  }
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAllSessions,
    onSuccess: () => forgetAccount(queryClient),
  })
}

/**
 * After a sign-out, a page that needs an account (its route's `staticData.needsAccount`) gives
 * way to the sign-in page, which says the visitor is signed out and comes back here once signed
 * in again. Replaced, not pushed: Back does not bring the account's page up again. Says
 * whether it left.
 */
export function useLeaveAccountPage(): () => boolean {
  const router = useRouter()
  return () => {
    const { matches, location } = router.state
    if (!matches.some((match) => match.staticData.needsAccount)) return false
    const back = safeReturnPath(location.pathname) ?? undefined
    void router.navigate({
      to: '/signin',
      search: { signed_out: true, return: back },
      replace: true,
    })
    return true
  }
}
