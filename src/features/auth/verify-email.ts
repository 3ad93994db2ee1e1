import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { VerifyEmail } from '@contract/account'
import { send } from '@/lib/http'
import { authQueries } from './session'

/** Confirms the address with the link's token, in the body. */
export function postVerifyEmail(input: VerifyEmail): Promise<void> {
  return send('api/auth/verify-email', { method: 'post', json: input })
}

/** Confirms the address with the page's token. */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (_input: object) => postVerifyEmail({ token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueries.all }),
  })
}

/** Sends the signed-in account a new link (a few an hour). */
export function postVerificationEmail(): Promise<void> {
  return send('api/account/verification-email', { method: 'post', json: {} })
}

export function useResendVerification() {
  return useMutation({ mutationFn: postVerificationEmail })
}
