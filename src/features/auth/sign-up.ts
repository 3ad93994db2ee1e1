import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, parseResponse, requestJson } from '@/lib/http'
import { type Account, AccountSchema, type SignUpData } from '@contract/sign-up'
import { authQueries } from './session'
import type { SessionUser } from '@contract/session'

// Its own module, loaded by the sign-up form only: the sign-up rules (./schemas) bring the
// common-password list, which the pages that only need the session must not download.
export async function postSignUp(input: SignUpData): Promise<Account> {
  const { body } = await requestJson(api, 'api/auth', { method: 'post', json: input })
  const account = parseResponse(AccountSchema, body)
  // The product logs the created account; the response never holds the password.
  console.info('Signed up', account)
  return account
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
