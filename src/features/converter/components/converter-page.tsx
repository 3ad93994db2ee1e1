import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { ConvertAnswer, ConvertCoin, ConvertUnit } from '@contract/converter'
import { CURRENCIES } from '@contract/currency'
import { CurrencyOptions } from '@/components/currency-menu'
import { Attribution, DataNote, SampleBadge } from '@/components/data-note'
import { Field } from '@/components/form/field'
import { LoadError } from '@/components/load-error'
import { converterQueries, conversionOf } from '../queries'
import { groupDigits } from '@/lib/group-digits'

export type ConverterSearch = { from?: string; to?: string; amount?: string }

/** "BTC" for a coin, "INR" for a currency: what a sum is written with. */
const unitCode = (unit: ConvertUnit) => (unit.kind === 'coin' ? unit.symbol : unit.id).toUpperCase()

/**
 * `/converter`: an amount of one coin or currency in another, a GET form that works without
 * JavaScript (the server renders the answer for the address), and whose address can be shared.
 * With the app, the form's answer replaces the address instead of loading a new page.
 */
export function ConverterPage({ search }: { search: ConverterSearch }) {
  const navigate = useNavigate()
  const { query, problem } = conversionOf(search)
  // An address the form could not have sent asks nothing: the page says what is wrong.
  const answer = useQuery(converterQueries.answer(query))
  const data = query ? answer.data : undefined
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const field = (name: string) => String(form.get(name) ?? '')
    void navigate({
      to: '/converter',
      search: { from: field('from'), to: field('to'), amount: field('amount') },
      replace: true,
      resetScroll: false,
    })
  }
  const from = search.from ?? query?.from ?? ''
  const to = search.to ?? query?.to ?? ''
  return (
    <article className="page converter-page" aria-labelledby="converter-title">
      <header className="converter-page__header">
        <h1 id="converter-title" className="page-title">
          Converter
        </h1>
        <p className="converter-page__lead">
          Any coin we hold a price for, in any of {CURRENCIES.length} currencies or another coin, at
          the latest prices.
        </p>
      </header>
      {/* Keyed by the address: a new answer's values replace what the fields showed. */}
      <form
        key={`${from}|${to}|${search.amount ?? ''}`}
        className="converter-form"
        method="get"
        action="/converter"
        onSubmit={submit}
      >
        <Field
          label="Amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={search.amount ?? query?.amount ?? ''}
          error={problem ?? undefined}
        />
        <UnitSelect label="From" name="from" value={from} coins={data?.coins} />
        <UnitSelect label="To" name="to" value={to} coins={data?.coins} />
        <button type="submit" className="button button--primary converter-form__submit">
          Convert
        </button>
      </form>
      {query ? (
        <Result
          answer={data}
          failed={answer.isError}
          retrying={answer.isFetching}
          onRetry={() => void answer.refetch()}
          swap={{ from: query.to, to: query.from, amount: query.amount }}
        />
      ) : null}
      <Attribution />
    </article>
  )
}

/** A menu of every offered currency (the common ones first) and the coins the server offers. */
function UnitSelect({
  label,
  name,
  value,
  coins = [],
}: {
  label: string
  name: string
  value: string
  coins: readonly ConvertCoin[] | undefined
}) {
  const id = `converter-${name}`
  // Controlled: options arriving with the coins never change the choice shown.
  const [chosen, setChosen] = useState(value)
  // A coin the address names stays choosable while the coins load, or when it is not listed.
  const listed = coins.some((coin) => coin.id === chosen) || CURRENCIES.some((c) => c === chosen)
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input converter-form__select"
        value={chosen}
        onChange={(event) => setChosen(event.currentTarget.value)}
      >
        {!listed && chosen ? <option value={chosen}>{chosen}</option> : null}
        <optgroup label="Coins">
          {coins.map((coin) => (
            <option key={coin.id} value={coin.id}>
              {`${coin.name} (${coin.symbol.toUpperCase()})`}
            </option>
          ))}
        </optgroup>
        {/* Beside the coins, the currencies' first group says what it is. */}
        <CurrencyOptions common="Common currencies" />
      </select>
    </div>
  )
}

function Result({
  answer,
  failed,
  retrying,
  onRetry,
  swap,
}: {
  answer: ConvertAnswer | undefined
  failed: boolean
  retrying: boolean
  onRetry: () => void
  swap: ConverterSearch
}) {
  if (!answer) {
    return failed ? (
      <LoadError
        message="We couldn't convert that right now."
        retrying={retrying}
        onRetry={onRetry}
      />
    ) : (
      <div className="skeleton-group converter-result" aria-hidden="true">
        <span className="skeleton converter-result__skeleton" />
      </div>
    )
  }
  const { from, to, result, rate } = answer
  const meta = { source: answer.source, updatedAt: answer.updatedAt }
  return (
    <section className="converter-result" aria-labelledby="converter-result-title">
      <h2 id="converter-result-title" className="visually-hidden">
        Result
      </h2>
      {!from || !to ? (
        <p className="converter-result__missing" role="status">
          {!from
            ? 'We hold no price for what to convert from'
            : 'We hold no price for what to convert to'}
          : pick a coin or currency from the list.
        </p>
      ) : result === null ? (
        <p className="converter-result__missing" role="status">
          No price to convert {from.name} to {to.name} at right now.
        </p>
      ) : (
        <>
          <p className="converter-result__sum" role="status">
            <output>
              {`${groupDigits(answer.amount)} ${unitCode(from)} = ${groupDigits(result)} ${unitCode(to)}`}
            </output>
            <SampleBadge meta={meta} />
          </p>
          <p className="converter-result__rate">
            {`1 ${unitCode(from)} = ${groupDigits(rate ?? '')} ${unitCode(to)}`} ({from.name} in{' '}
            {to.name}).{' '}
            <Link to="/converter" search={swap} className="converter-result__swap">
              Swap: {unitCode(to)} to {unitCode(from)}
            </Link>
          </p>
          <DataNote meta={meta} />
        </>
      )}
    </section>
  )
}
