import { useMutation } from '@tanstack/react-query'
import { api, parseResponse, requestJson } from '@/lib/http'
import { type Account, AccountSchema, type SignUpData } from './schemas'

export async function postSignUp(input: SignUpData): Promise<Account> {
  const { body } = await requestJson(api, 'api/auth', { method: 'post', json: input })
  const account = parseResponse(AccountSchema, body)
  // The product logs the created account; the response never holds the password.
  console.info('Signed up', account)
  return account
}

export function useSignUp() {
  return useMutation({ mutationFn: postSignUp })
}
