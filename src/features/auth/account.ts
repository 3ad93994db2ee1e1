import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChangeEmail, ChangePassword, DeleteAccount, EditDetails } from '@contract/account'
import { accountQueries } from './account-session'
import { send } from '@/lib/http'
import { authQueries } from './session'

/** Sets the name and phone number (an empty phone number removes it). */
export function postDetails(input: EditDetails): Promise<void> {
  return send('api/account/details', { method: 'post', json: input })
}

// The header's name comes from the session, the page's from the details: both are refreshed.
export function useEditDetails() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueries.all }),
  })
}

/** Asks to move the account to a new address: a link goes there; nothing changes until it is opened. */
export function postChangeEmail(input: ChangeEmail): Promise<void> {
  return send('api/account/email', { method: 'post', json: input })
}

export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: postChangeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.details().queryKey }),
  })
}

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
      queryClient.setQueryData(accountQueries.details().queryKey, null)
    },
  })
}
