import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useHydrated } from '@/components/hydrated'
import { LoadError } from '@/components/load-error'
import { env } from '@/lib/env'
import { formatPrice, formatRate, formatShare } from '@/lib/format'
import { ALERT_DONE, ALERT_ERRORS, type Alert, REARM_MARGIN } from '@contract/alerts'
import { CURRENCY_NAMES, isUpstreamCurrency } from '@contract/currency'
import { knownCode } from '@contract/form-errors'
import { accountQueries } from '@/features/auth/account-session'
import { FormDone } from '@/components/form/form-done'
import { alertQueries, useDeleteAlert, useRearmAlert } from '../alerts'
import { describeAlertFailure, RETURNED } from '../failure'

const DONE_TEXT: Record<(typeof ALERT_DONE)[number], string> = {
  created: 'Your alert was created. We will email you once when the price crosses its value.',
  deleted: 'The alert was deleted.',
  rearmed: `The alert was re-armed: it waits for the price to come back past its value by ${formatShare(REARM_MARGIN)}.`,
}

const TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
const timeText = (iso: string) => `${TIME.format(new Date(iso))} UTC`

/**
 * In a currency the upstream does not price in, which one it is and that its prices are the
 * dollar's converted (the server checks the alert at its current rate); empty for the others.
 */
export function convertedText(alert: Pick<Alert, 'currency'>): string {
  return isUpstreamCurrency(alert.currency)
    ? ''
    : ` (${CURRENCY_NAMES[alert.currency]}, converted from US dollars at the current exchange rate)`
}

/** When, at what price and from where a fired alert fired, with the rate a converted price used. */
export function triggeredText(alert: Pick<Alert, 'currency' | 'triggered'>): string {
  const { triggered } = alert
  if (!triggered) return 'Triggered'
  const rate =
    triggered.rate === null
      ? ''
      : `, converted at 1 USD = ${formatRate(triggered.rate)} ${alert.currency.toUpperCase()}`
  return `Triggered at ${timeText(triggered.at)} (price ${formatPrice(triggered.price, alert.currency)}, from ${triggered.source}${rate})`
}

/**
 * The visitor's price alerts: each coin, its condition and state, delete, and re-arm once fired.
 * The list is the visitor's own, so it is known in the browser only; the forms post without
 * JavaScript too, and the server sends the page back with `?done=` or `?error=`.
 */
export function AlertsPage({ returned, done }: { returned?: string; done?: string }) {
  const hydrated = useHydrated()
  const session = useQuery(accountQueries.session())
  const list = useQuery(alertQueries.list())
  const user = hydrated ? session.data : undefined
  const signedOut =
    hydrated && (session.data === null || (session.fetchStatus === 'idle' && session.isPending))
  const [happened, setHappened] = useState(knownCode(ALERT_DONE, done))
  const code = knownCode(ALERT_ERRORS, returned)
  const alerts = hydrated ? list.data?.alerts : undefined

  return (
    <section className="page account-page">
      <h1 className="account-page__title">Your price alerts</h1>
      <p>
        <Link to="/account">Your account</Link>
      </p>
      {happened ? (
        <FormDone key={happened} title="Done">
          <p>{DONE_TEXT[happened]}</p>
        </FormDone>
      ) : null}
      {code ? (
        <div className="form-problem" role="alert">
          <p>{RETURNED[code]}</p>
          {code === 'unauthenticated' ? <Link to="/signin">Sign in</Link> : null}
        </div>
      ) : null}
      {!hydrated ? (
        <noscript>
          <p>
            Your list of alerts needs JavaScript; creating one from a coin's page works without.
          </p>
        </noscript>
      ) : null}
      {signedOut ? (
        <p>
          You are not signed in. <Link to="/signin">Sign in</Link> to see your price alerts.
        </p>
      ) : !hydrated || !user ? null : (
        <>
          {user.emailVerified ? null : (
            <p className="form-problem">
              Confirm your email address to get alerts: alerts are sent to it.{' '}
              <Link to="/account">Send the link again from your account page.</Link>
            </p>
          )}
          {list.isError ? (
            <LoadError
              message="We couldn't load your alerts right now."
              retrying={list.isFetching}
              onRetry={() => void list.refetch()}
            />
          ) : alerts === undefined ? (
            <p role="status">Loading your alerts…</p>
          ) : alerts.length === 0 ? (
            <div className="account-page__section">
              <h2>No alerts yet</h2>
              <p>
                Open a coin's page from <Link to="/coins">the list of coins</Link> and use “Create
                alert” under its chart: we email you once when the price goes above or below your
                value.
              </p>
            </div>
          ) : (
            <div className="account-page__section">
              <h2>
                {alerts.length} of {list.data?.max} alerts
              </h2>
              <ul className="alert-list">
                {alerts.map((alert) => (
                  <AlertItem key={alert.id} alert={alert} onDone={setHappened} />
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  )
}

function AlertItem({
  alert,
  onDone,
}: {
  alert: Alert
  onDone: (done: 'deleted' | 'rearmed') => void
}) {
  const remove = useDeleteAlert()
  const rearm = useRearmAlert()
  const failure = remove.error ?? rearm.error
  const condition = `${alert.direction} ${formatPrice(alert.price, alert.currency)}`
  const coin = alert.coinName ?? alert.coinId
  const what = `the alert for ${coin} ${condition}`
  return (
    <li className="alert-list__item">
      <p className="alert-list__what">
        <Link
          to="/coins/$coinId"
          params={{ coinId: alert.coinId }}
          search={{ currency: alert.currency }}
        >
          {coin}
        </Link>{' '}
        goes {condition}
        {convertedText(alert)}
      </p>
      <p className={`alert-list__state alert-list__state--${alert.state}`}>
        {alert.state === 'waiting' ? 'Waiting' : triggeredText(alert)}
        {alert.state === 'rearming'
          ? `. Re-armed: waits for the price to come back by ${formatShare(REARM_MARGIN)}.`
          : ''}
      </p>
      <div className="alert-list__actions">
        {alert.state === 'triggered' ? (
          <AlertAction
            action={`${alert.id}/rearm`}
            verb={rearm.isPending ? 'Re-arming…' : 'Re-arm'}
            what={what}
            onSubmit={() => rearm.mutate(alert.id, { onSuccess: () => onDone('rearmed') })}
          />
        ) : null}
        <AlertAction
          action={`${alert.id}/delete`}
          verb={remove.isPending ? 'Deleting…' : 'Delete'}
          what={what}
          onSubmit={() => remove.mutate(alert.id, { onSuccess: () => onDone('deleted') })}
        />
      </div>
      {failure ? (
        <p className="field__error" role="alert">
          {describeAlertFailure(failure).problem?.message}
        </p>
      ) : null}
    </li>
  )
}

/**
 * One of a row's buttons, a plain form post without JavaScript. Its name starts with the visible
 * verb and says which alert: "Delete the alert for Bitcoin above $100,000.00".
 */
function AlertAction({
  action,
  verb,
  what,
  onSubmit,
}: {
  action: string
  verb: string
  what: string
  onSubmit: () => void
}) {
  return (
    <form
      method="post"
      action={`${env.formApiUrl}api/alerts/${action}`}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <button type="submit" className="button button--ghost button--small">
        {verb}
        <span className="visually-hidden"> {what}</span>
      </button>
    </form>
  )
}
