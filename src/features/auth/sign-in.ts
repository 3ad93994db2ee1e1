import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, parseResponse, requestJson } from '@/lib/http'
import { authQueries } from './session'
import { type SessionUser, SessionUserSchema, type SignInInput } from '@contract/session'

// Sign-in lives apart from the session query, which every page's navigation bar loads.
export async function postSignIn(input: SignInInput): Promise<SessionUser> {
  const { body } = await requestJson(api, 'api/auth/session', { method: 'post', json: input })
  return parseResponse(SessionUserSchema, body).user
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postSignIn,
    onSuccess: (user) => queryClient.setQueryData(authQueries.session().queryKey, user),
  })
}
