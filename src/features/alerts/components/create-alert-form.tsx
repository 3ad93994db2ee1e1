import { useQuery } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import * as v from 'valibot'
import { useHydrated } from '@/components/hydrated'
import { env } from '@/lib/env'
import { formatPrice, formatShare } from '@/lib/format'
import {
  type CreateAlert,
  CreateAlertSchema,
  type Direction,
  SUGGESTED_MOVE,
} from '@contract/alerts'
import { CURRENCY_NAMES, type Currency, isUpstreamCurrency } from '@contract/currency'
import { safeReturnPath } from '@contract/return-to'
import { accountQueries } from '@/features/auth/account-session'
import { CurrencyOptions } from '@/components/currency-menu'
import { Field } from '@/components/form/field'
import { FormDone } from '@/components/form/form-done'
import { ResendVerificationForm } from '@/features/auth/components/resend-verification-form'
import { useCreateAlert } from '../alerts'
import { type AlertProblem, describeAlertFailure } from '../failure'
import { AlertProblemNote } from './alert-problem'

/** The coin's current price in each currency the page knows it in. */
type CoinPrices = Partial<Record<Currency, number>>

/** `SUGGESTED_MOVE` above or below the current price, to four significant digits, written without an exponent. */
export function suggestedPrice(price: number | undefined, direction: Direction): string {
  if (price === undefined || !Number.isFinite(price) || price <= 0) return ''
  const moved = price * (direction === 'above' ? 1 + SUGGESTED_MOVE : 1 - SUGGESTED_MOVE)
  return moved.toLocaleString('en-US', { maximumSignificantDigits: 4, useGrouping: false })
}

/**
 * "Create alert" on a coin page. The server's HTML (and a visitor without JavaScript) gets the
 * form, which posts to the API and comes back to /account/alerts; once the session is known, a
 * visitor signed out gets a link to sign in, and an address not confirmed yet says why it cannot.
 */
export function CreateAlertSection({
  coinId,
  coinName,
  currency,
  prices,
}: {
  coinId: string
  coinName: string
  currency: Currency
  prices: CoinPrices
}) {
  const hydrated = useHydrated()
  const session = useQuery(accountQueries.session())
  const user = hydrated ? session.data : undefined
  const signedOut =
    hydrated && (session.data === null || (session.fetchStatus === 'idle' && session.isPending))
  // Signing in or up brings the visitor back to this coin, in this currency.
  const here = useRouterState({ select: ({ location }) => location.href })
  const back = { return: safeReturnPath(here) ?? undefined }
  return (
    <section id="price-alert" className="alert-create" aria-labelledby="alert-create-title">
      <h2 id="alert-create-title" className="coin-section__title">
        Price alert
      </h2>
      {signedOut ? (
        <p>
          Get an email when {coinName} goes above or below a price:{' '}
          <Link to="/signin" search={back}>
            sign in
          </Link>{' '}
          or{' '}
          <Link to="/signup" search={back}>
            create an account
          </Link>{' '}
          to set an alert.
        </p>
      ) : user && !user.emailVerified ? (
        <Unverified />
      ) : (
        <CreateAlertForm coinId={coinId} coinName={coinName} currency={currency} prices={prices} />
      )}
    </section>
  )
}

function Unverified() {
  const [sent, setSent] = useState(false)
  if (sent) {
    return (
      <FormDone title="Link sent">
        <p>Open the link we sent you within 24 hours, then come back to create the alert.</p>
      </FormDone>
    )
  }
  return (
    <ResendVerificationForm
      className="alert-create__unverified"
      label="Send the verification again"
      onSent={() => setSent(true)}
    >
      <p>
        Alerts are sent by email, so your address must be confirmed first: open the link we sent you
        when you signed up.
      </p>
    </ResendVerificationForm>
  )
}

/**
 * The price now and the suggestion's rule; in a currency the upstream does not price in, that
 * the price is the dollar's converted (the server checks such an alert at its current rate).
 */
export function priceHint(
  now: number | undefined,
  currency: Currency,
  direction: Direction,
): string | undefined {
  const suggested =
    now === undefined
      ? ''
      : `Now ${formatPrice(now, currency)}; suggested: ${formatShare(SUGGESTED_MOVE)} ${direction}.`
  const converted = isUpstreamCurrency(currency)
    ? ''
    : `Prices in ${CURRENCY_NAMES[currency]} are converted from US dollars at the current exchange rate.`
  return [suggested, converted].filter(Boolean).join(' ') || undefined
}

/** The alert is true at the price now: it would fire at the next refresh. */
const alreadyTrue = (direction: Direction, price: number, now: number | undefined) =>
  now !== undefined && (direction === 'above' ? now > price : now < price)

function CreateAlertForm({
  coinId,
  coinName,
  currency: pageCurrency,
  prices,
}: {
  coinId: string
  coinName: string
  currency: Currency
  prices: CoinPrices
}) {
  const create = useCreateAlert()
  const formRef = useRef<HTMLFormElement>(null)
  const problemRef = useRef<HTMLDivElement>(null)
  const askedRef = useRef<HTMLDivElement>(null)
  const selectId = useId()
  const [direction, setDirection] = useState<Direction>('above')
  // The page's currency until the visitor picks one here.
  const [picked, setPicked] = useState<Currency | null>(null)
  const currency = picked ?? pageCurrency
  // The suggestion follows direction and currency until the visitor types a price of their own,
  // which nothing replaces.
  const [typed, setTyped] = useState<string | null>(null)
  // An alert true already was asked about: the visitor's yes sends it as it is.
  const [asked, setAsked] = useState<CreateAlert | null>(null)
  const price = typed ?? suggestedPrice(prices[currency], direction)
  const [error, setError] = useState<string | undefined>()
  const [problem, setProblem] = useState<AlertProblem | null>(null)
  const now = prices[currency]

  if (create.isSuccess) {
    const alert = create.data
    return (
      <FormDone title="Alert created">
        <p>
          We will email you once when the price goes {alert.direction}{' '}
          {formatPrice(alert.price, alert.currency)}.
        </p>
        <p className="alert-create__links">
          <Link to="/account/alerts">See your alerts</Link>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              create.reset()
              setTyped(null)
              setAsked(null)
            }}
          >
            Create another
          </button>
        </p>
      </FormDone>
    )
  }

  const send = (input: CreateAlert) =>
    create.mutate(input, {
      onError: (failure) => {
        const described = describeAlertFailure(failure)
        setError(described.errors.price)
        setProblem(described.problem)
        if (described.errors.price) {
          formRef.current?.querySelector<HTMLInputElement>('input[name="price"]')?.focus()
        } else requestAnimationFrame(() => problemRef.current?.focus())
      },
    })

  return (
    <form
      ref={formRef}
      method="post"
      action={`${env.formApiUrl}api/alerts`}
      className="form alert-create__form"
      noValidate
      aria-busy={create.isPending}
      aria-labelledby="alert-create-title"
      onSubmit={(event) => {
        event.preventDefault()
        if (create.isPending) return
        setProblem(null)
        const result = v.safeParse(CreateAlertSchema, { coinId, currency, direction, price })
        if (!result.success) {
          setError(result.issues[0].message)
          formRef.current?.querySelector<HTMLInputElement>('input[name="price"]')?.focus()
          return
        }
        setError(undefined)
        const input = result.output
        if (alreadyTrue(input.direction, input.price, now)) {
          setAsked(input)
          requestAnimationFrame(() => askedRef.current?.focus())
          return
        }
        send(input)
      }}
    >
      {problem ? (
        <AlertProblemNote
          ref={problemRef}
          problem={problem}
          onRetry={() => formRef.current?.requestSubmit()}
        />
      ) : null}
      <input type="hidden" name="coinId" value={coinId} />
      <fieldset className="alert-create__direction">
        <legend className="field__label">Email me when the price goes</legend>
        {(['above', 'below'] as const).map((value) => (
          <label key={value} className="alert-create__choice">
            <input
              type="radio"
              name="direction"
              value={value}
              checked={direction === value}
              onChange={() => {
                setDirection(value)
                setAsked(null)
              }}
            />{' '}
            {value}
          </label>
        ))}
      </fieldset>
      <div className="alert-create__row">
        <Field
          label="Price"
          name="price"
          inputMode="decimal"
          autoComplete="off"
          value={price}
          error={error}
          hint={priceHint(now, currency, direction)}
          onChange={(event) => {
            setTyped(event.currentTarget.value)
            setAsked(null)
            if (error) setError(undefined)
          }}
        />
        <div className="field">
          {/* Not "Currency": the coin page's own currency menu has that name. */}
          <label className="field__label" htmlFor={selectId}>
            Price currency
          </label>
          <select
            id={selectId}
            name="currency"
            className="field__input"
            value={currency}
            onChange={(event) => {
              // A price typed stays: the visitor may have typed it for the currency they now pick.
              setPicked(event.currentTarget.value as Currency)
              setAsked(null)
            }}
          >
            <CurrencyOptions />
          </select>
        </div>
      </div>
      {asked ? (
        <div ref={askedRef} className="alert-create__asked" role="alert" tabIndex={-1}>
          <p>
            {coinName} is {formatPrice(now, asked.currency)} now, already {asked.direction}{' '}
            {formatPrice(asked.price, asked.currency)}: this alert would fire at once, at the next
            refresh of prices. Create it anyway?
          </p>
          <p className="alert-create__links">
            <button
              type="button"
              className="button button--primary button--small"
              disabled={create.isPending}
              onClick={() => send({ ...asked, confirmed: true })}
            >
              {create.isPending ? 'Creating…' : 'Create it anyway'}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setAsked(null)
                formRef.current?.querySelector<HTMLInputElement>('input[name="price"]')?.focus()
              }}
            >
              Change the price
            </button>
          </p>
        </div>
      ) : (
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create alert'}
        </button>
      )}
    </form>
  )
}
