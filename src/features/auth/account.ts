import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChangePassword, DeleteAccount } from '@contract/account'
import { accountQueries } from './account-session'
import { send } from './send'
import { authQueries } from './session'

/** Changes the password; this session stays, every other one ends. */
export function postChangePassword(input: ChangePassword): Promise<void> {
  return send('api/account/password', { method: 'post', json: input })
}

export function useChangePassword() {
  return useMutation({ mutationFn: postChangePassword })
}

/** Deletes the account at once, with its password. */
export function deleteAccount(input: DeleteAccount): Promise<void> {
  return send('api/account', { method: 'delete', json: input })
}

export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.setQueryData(authQueries.session().queryKey, null)
      queryClient.setQueryData(accountQueries.session().queryKey, null)
    },
  })
}
