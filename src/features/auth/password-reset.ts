import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PasswordResetConfirm, PasswordResetRequest } from '@contract/account'
import { send } from '@/lib/http'
import { authQueries } from './session'

/** Asks for a reset link: the server answers the same whether or not the account exists. */
export function postPasswordReset(input: PasswordResetRequest): Promise<void> {
  return send('api/auth/password-reset', { method: 'post', json: input })
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: postPasswordReset })
}

/** Sets the new password with the link's token, in the body (never in a URL). */
export function postPasswordResetConfirm(input: PasswordResetConfirm): Promise<void> {
  return send('api/auth/password-reset/confirm', { method: 'post', json: input })
}

/** The new password with the page's token; every session of the account ends, this browser's too. */
export function useConfirmPasswordReset(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ password }: { password: string }) =>
      postPasswordResetConfirm({ token, password }),
    onSuccess: () => queryClient.setQueryData(authQueries.session().queryKey, null),
  })
}
