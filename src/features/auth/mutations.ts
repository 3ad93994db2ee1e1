import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, parseResponse, requestJson, toApiError } from '@/lib/http'
import { authQueries } from './queries'
import {
  type Account,
  AccountSchema,
  type SessionUser,
  SessionUserSchema,
  type SignInInput,
  type SignUpData,
} from './schemas'

export async function postSignUp(input: SignUpData): Promise<Account> {
  const { body } = await requestJson(api, 'api/auth', { method: 'post', json: input })
  const account = parseResponse(AccountSchema, body)
  // The product logs the created account; the response never holds the password.
  console.info('Signed up', account)
  return account
}

export async function postSignIn(input: SignInInput): Promise<SessionUser> {
  const { body } = await requestJson(api, 'api/auth/session', { method: 'post', json: input })
  return parseResponse(SessionUserSchema, body).user
}

export async function deleteSession(): Promise<void> {
  try {
    await api.delete('api/auth/session')
  } catch (error) {
    throw await toApiError(error)
  }
}

/** Sign-up; the server signs the new account in, and so does the cached session. */
export function useSignUp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postSignUp,
    onSuccess: ({ id, name, email }) => {
      const user: SessionUser = { id, name, email }
      queryClient.setQueryData(authQueries.session().queryKey, user)
    },
  })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postSignIn,
    onSuccess: (user) => queryClient.setQueryData(authQueries.session().queryKey, user),
  })
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => queryClient.setQueryData(authQueries.session().queryKey, null),
  })
}
