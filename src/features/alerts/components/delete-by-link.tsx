import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useHydrated } from '@/components/hydrated'
import { env } from '@/lib/env'
import { ALERT_ERRORS } from '@contract/alerts'
import { knownCode } from '@contract/form-errors'
import { TOKEN_PATTERN } from '@contract/token'
import { FormDone, LinkDoesNotWork } from '@/components/form/form-done'
import { useDeleteAlertByLink } from '../alerts'
import { describeAlertFailure, RETURNED } from '../failure'
import { AlertProblemNote } from './alert-problem'

/**
 * The page an alert's email links to: a button deletes that alert. Opening the link changes
 * nothing (a mail scanner follows links), and signs nobody in.
 */
export function DeleteByLink({
  token,
  returned,
  done,
}: {
  token: string | null
  returned?: string | undefined
  done?: string | undefined
}) {
  const hydrated = useHydrated()
  const held = token && TOKEN_PATTERN.test(token) ? token : null
  const remove = useDeleteAlertByLink()
  const [deleted, setDeleted] = useState(done === 'deleted')
  const code = knownCode(ALERT_ERRORS, returned)
  const failure = remove.error ? describeAlertFailure(remove.error).problem : null

  if (deleted) {
    return (
      <FormDone title="The alert was deleted">
        <p>It will not email you again.</p>
        <p>
          <Link to="/account/alerts">Your other alerts</Link>
        </p>
      </FormDone>
    )
  }
  // As prerendered, the form: the server writes the token into it (no script).
  if ((hydrated && held === null) || code === 'invalid_token') {
    return (
      <LinkDoesNotWork expired={code === 'invalid_token'} expiredText={RETURNED.invalid_token}>
        <Link to="/account/alerts">Your alerts</Link>
      </LinkDoesNotWork>
    )
  }
  return (
    <form
      method="post"
      action={`${env.formApiUrl}api/alerts/delete-by-link`}
      className="form alert-delete"
      aria-busy={remove.isPending}
      aria-label="Delete this price alert"
      onSubmit={(event) => {
        event.preventDefault()
        if (held && !remove.isPending) remove.mutate(held, { onSuccess: () => setDeleted(true) })
      }}
    >
      {code ? (
        <div className="form-problem" role="alert">
          <p>{RETURNED[code]}</p>
        </div>
      ) : null}
      {failure ? (
        <AlertProblemNote problem={failure} onRetry={() => held && remove.mutate(held)} />
      ) : null}
      <p>The alert from this email will be deleted, and will not email you again.</p>
      {/* Filled by the server for a visitor without JavaScript; the script sends its own copy. */}
      <input type="hidden" name="token" defaultValue="" />
      <button type="submit" className="button button--danger" disabled={remove.isPending}>
        {remove.isPending ? 'Deleting…' : 'Delete this alert'}
      </button>
    </form>
  )
}
