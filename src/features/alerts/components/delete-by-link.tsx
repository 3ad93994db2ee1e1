import { Link } from '@tanstack/react-router'
import { env } from '@/lib/env'
import { ALERT_ERRORS } from '@contract/alerts'
import { FormDone, LinkDoesNotWork } from '@/components/form/form-done'
import { type TokenPageProps, useTokenPage } from '@/components/form/use-token-page'
import { useDeleteAlertByLink } from '../alerts'
import { describeAlertFailure, RETURNED } from '../failure'
import { AlertProblemNote } from './alert-problem'

/**
 * The page an alert's email links to: a button deletes that alert. Opening the link changes
 * nothing (a mail scanner follows links), and signs nobody in.
 */
export function DeleteByLink(props: TokenPageProps) {
  const page = useTokenPage(props, ALERT_ERRORS, 'deleted')
  const { held, problem: code } = page
  const remove = useDeleteAlertByLink()
  const failure = remove.error ? describeAlertFailure(remove.error).problem : null

  if (page.finished) {
    return (
      <FormDone title="The alert was deleted">
        <p>It will not email you again.</p>
        <p>
          <Link to="/account/alerts">Your other alerts</Link>
        </p>
      </FormDone>
    )
  }
  if (page.linkDoesNotWork) {
    return (
      <LinkDoesNotWork expired={page.expired} expiredText={RETURNED.invalid_token}>
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
        if (held && !remove.isPending) remove.mutate(held, { onSuccess: page.finish })
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
