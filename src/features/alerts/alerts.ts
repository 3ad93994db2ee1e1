import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, parseResponse, requestJson, requestSignedIn, send } from '@/lib/http'
import {
  type Alert,
  type AlertList,
  AlertListSchema,
  AlertSchema,
  type CreateAlert,
} from '@contract/alerts'
import { mightBeSignedIn } from '@/features/auth/cookies'
import { authQueries } from '@/features/auth/session'

/** The visitor's alerts; null when signed out (the server's 401). */
export function fetchAlerts(): Promise<AlertList | null> {
  return requestSignedIn('api/alerts', AlertListSchema)
}

export const alertQueries = {
  // Under the auth prefix, as the account's session: what refreshes the session reaches these.
  all: [...authQueries.all, 'alerts'] as const,
  // Per visitor and private: asked only when a session may exist.
  list: () =>
    queryOptions({
      queryKey: [...alertQueries.all, 'list'] as const,
      queryFn: fetchAlerts,
      enabled: () => mightBeSignedIn(),
    }),
}

export async function postAlert(input: CreateAlert): Promise<Alert> {
  const { body } = await requestJson(api, 'api/alerts', { method: 'post', json: input })
  return parseResponse(AlertSchema, body)
}

export const deleteAlert = (id: string) =>
  send(`api/alerts/${encodeURIComponent(id)}`, { method: 'delete' })
export const rearmAlert = (id: string) =>
  send(`api/alerts/${encodeURIComponent(id)}/rearm`, { method: 'post', json: {} })
/** The email's link: deletes that one alert, whoever opens it, and signs nobody in. */
export const deleteAlertByLink = (token: string) =>
  send('api/alerts/delete-by-link', { method: 'post', json: { token } })

/** Every change refreshes the list the alerts page shows. */
function useAlertMutation<I, T>(mutationFn: (input: I) => Promise<T>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertQueries.all }),
  })
}

export const useCreateAlert = () => useAlertMutation(postAlert)
export const useDeleteAlert = () => useAlertMutation(deleteAlert)
export const useRearmAlert = () => useAlertMutation(rearmAlert)
export const useDeleteAlertByLink = () => useAlertMutation(deleteAlertByLink)
