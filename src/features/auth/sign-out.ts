import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, toApiError } from '@/lib/http'
import { authQueries } from './session'

/** Ends this browser's session (`DELETE /api/auth/session`). */
export async function deleteSession(): Promise<void> {
  try {
    await api.delete('api/auth/session')
  } catch (error) {
    throw await toApiError(error)
  }
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => queryClient.setQueryData(authQueries.session().queryKey, null),
  })
}

/** Ends every session of the account, on every device (`DELETE /api/auth/sessions`). */
export async function deleteAllSessions(): Promise<void> {
  try {
    await api.delete('api/auth/sessions')
  } catch (error) {
    const failure = await toApiError(error)
    // No session any more (it ended elsewhere): this browser is signed out, as asked.
    if (failure.status !== 401) throw failure
  }
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAllSessions,
    onSuccess: () => queryClient.setQueryData(authQueries.session().queryKey, null),
  })
}
