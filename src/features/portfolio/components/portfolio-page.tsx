import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { Change } from '@/components/change'
import { CurrencyMenu, CurrencyOptions } from '@/components/currency-menu'
import {
  columnHelper,
  DataTable,
  FIGURE_SORT,
  type ListColumn,
  sortableIds,
  useAddressSorting,
  useListTable,
} from '@/components/data-table'
import { Field } from '@/components/form/field'
import { useHydrated } from '@/components/hydrated'
import { LoadError } from '@/components/load-error'
import { CURRENCY_NAMES, type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import { ERROR_MESSAGES } from '@contract/error-messages'
import {
  type CostRates,
  costCurrencies,
  formInput,
  holdingIds,
  PORTFOLIO_FORM_ERRORS,
  type PortfolioFormDone,
  type PortfolioFormError,
  TRANSACTION_TYPE_NAMES,
  TRANSACTION_TYPES,
  type Transaction,
  TransactionInputSchema,
  transactionFormPath,
} from '@contract/portfolio'
import type { WatchRow } from '@contract/watchlist'
import { formatPrice, formatSince, formatTime, MISSING } from '@/lib/format'
import { groupDigits } from '@/lib/group-digits'
import { type CsvRefusal, fromCsv, toCsv } from '@/lib/portfolio/csv'
import {
  atRates,
  Dec,
  type Holding,
  holdings,
  type Quote,
  type Totals,
} from '@/lib/portfolio/holdings'
import * as v from 'valibot'
import { mergeIntoAccount, usePortfolioChange } from '../changes'
import { readLocal, serverSnapshot, subscribeLocal } from '../local'
import { portfolioQueries } from '../queries'
import { figureWidth } from '@/lib/figure-width'

/** Money for display only: the figures are exact; the page rounds them as prices are shown. */
const money = (value: Dec | null, currency: Currency) =>
  value === null ? MISSING : formatPrice(value.toNumber(), currency)

/** A price the server held longer than this is shown with its age. */
const FRESH_MS = 10 * 60_000

function quotesOf(rows: readonly WatchRow[]): Map<string, Quote> {
  const quotes = new Map<string, Quote>()
  for (const row of rows) {
    if (row.status !== 'priced' || row.price == null) continue
    quotes.set(row.id, {
      price: row.price,
      change24h: row.change24h ?? null,
      at: row.meta.updatedAt ?? '',
      stale: row.meta.source === 'stale',
    })
  }
  return quotes
}

type Row = Holding & { currency: Currency; name: string; now: number; share: number | null }

const column = columnHelper<Row>()
const number = (value: Dec | null) => (value === null ? undefined : value.toNumber())

/** The holdings' columns, as the other tables draw them. */
const COLUMNS: ListColumn<Row>[] = [
  column.accessor((row) => row.name, {
    id: 'name',
    header: 'Coin',
    cell: ({ row: { original } }) => (
      <Link to="/coins/$coinId" params={{ coinId: original.coinId }}>
        {original.name}
      </Link>
    ),
    meta: { className: 'coin-list__coin', rowHeader: true },
  }),
  column.accessor((row) => number(row.quantity), {
    id: 'quantity',
    header: 'Quantity',
    cell: ({ row: { original } }) => original.quantity.toFixed(),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number' },
  }),
  column.accessor((row) => row.quote?.price, {
    id: 'price',
    header: 'Price',
    cell: ({ row: { original } }) => <PriceCell row={original} />,
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number' },
  }),
  column.accessor((row) => number(row.value), {
    id: 'value',
    header: 'Value',
    cell: ({ row: { original } }) => money(original.value, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number' },
  }),
  column.accessor((row) => row.quote?.change24h ?? undefined, {
    id: 'change',
    header: '24 h',
    cell: ({ getValue }) => <Change value={getValue()} />,
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number' },
  }),
  column.accessor((row) => number(row.averageCost), {
    id: 'average_cost',
    header: 'Average cost',
    cell: ({ row: { original } }) => money(original.averageCost, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number coin-list__wide' },
  }),
  column.accessor((row) => number(row.unrealised), {
    id: 'unrealised',
    header: 'Unrealised P/L',
    cell: ({ row: { original } }) => money(original.unrealised, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number coin-list__wide' },
  }),
  column.accessor((row) => number(row.realised), {
    id: 'realised',
    header: 'Realised P/L',
    cell: ({ row: { original } }) => money(original.realised, original.currency),
    ...FIGURE_SORT,
    meta: { className: 'coin-list__number coin-list__wide' },
  }),
]

function PriceCell({ row }: { row: Row }) {
  const { quote, currency, now } = row
  if (!quote) return <>{MISSING}</>
  const old = quote.stale || now - Date.parse(quote.at) > FRESH_MS
  return (
    <>
      {formatPrice(quote.price, currency)}
      {old ? (
        <span className="portfolio__age"> (last known, {formatSince(quote.at, now)})</span>
      ) : null}
    </>
  )
}

const rowId = (row: Row) => row.coinId
const HOLDING_SORTS = sortableIds(COLUMNS)

function HoldingsTable({
  rows,
  currency,
  sort,
}: {
  rows: Row[]
  currency: Currency
  sort: string | undefined
}) {
  const { sorting, onSortingChange } = useAddressSorting(sort, HOLDING_SORTS)
  const table = useListTable({
    columns: COLUMNS,
    data: rows,
    getRowId: rowId,
    sorting,
    onSortingChange,
  })
  return (
    <DataTable
      table={table}
      caption={`Your holdings, in ${CURRENCY_NAMES[currency]}`}
      className="coin-list portfolio-table"
      data-currency={currency}
      data-figures={figureWidth(currency)}
    />
  )
}

// Told apart by their label and order too, never by colour alone. The swatches' classes
// (styles/portfolio.css) hold the same colours in the same order.
const PALETTE = ['#2f6fed', '#e3a008', '#0e9f6e', '#9061f9', '#e02424', '#6b7280']

/**
 * The allocation as one bar of shares, drawn as SVG in the page's HTML; the same figures are in
 * the table after it for screen readers (the drawing is hidden from them).
 */
function Allocation({ rows, currency }: { rows: Row[]; currency: Currency }) {
  const shown = rows.filter((row) => row.share !== null && row.share > 0)
  if (shown.length === 0) return null
  let x = 0
  return (
    <section className="card portfolio__allocation" aria-labelledby="allocation-title">
      <h2 id="allocation-title" className="section__subtitle">
        Allocation
      </h2>
      <svg
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        className="portfolio__bar"
        aria-hidden="true"
      >
        {shown.map((row, i) => {
          const width = (row.share ?? 0) * 100
          const rect = (
            <rect
              key={row.coinId}
              x={x}
              y={0}
              width={width}
              height={8}
              fill={PALETTE[i % PALETTE.length]}
            />
          )
          x += width
          return rect
        })}
      </svg>
      <table className="portfolio__shares">
        <caption className="visually-hidden">
          Allocation by value, in {CURRENCY_NAMES[currency]}
        </caption>
        <thead>
          <tr>
            <th scope="col">Coin</th>
            <th scope="col">Value</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={row.coinId}>
              <th scope="row">
                {/* A class, not a style attribute: the server's HTML carries no inline style (CSP). */}
                <span
                  className={`portfolio__swatch portfolio__swatch--${i % PALETTE.length}`}
                  aria-hidden="true"
                />
                {row.name}
              </th>
              <td>{money(row.value, currency)}</td>
              <td>{((row.share ?? 0) * 100).toFixed(1)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function TotalsCard({ totals, currency }: { totals: Totals; currency: Currency }) {
  return (
    <dl className="card portfolio__totals">
      <div>
        <dt>Total value</dt>
        <dd>{money(totals.value, currency)}</dd>
      </div>
      <div>
        <dt>24 h change</dt>
        <dd>
          {money(totals.change24h, currency)} <Change value={totals.change24hPercent?.toNumber()} />
        </dd>
      </div>
      <div>
        <dt>Unrealised P/L</dt>
        <dd>{money(totals.unrealised, currency)}</dd>
      </div>
      <div>
        <dt>Realised P/L</dt>
        <dd>{money(totals.realised, currency)}</dd>
      </div>
      {totals.unpriced > 0 ? (
        <p className="portfolio__note">
          {totals.unpriced} coin{totals.unpriced === 1 ? '' : 's'} without a price now: left out of
          the total.
        </p>
      ) : null}
    </dl>
  )
}

/**
 * Adds a transaction, or edits `editing`. Without the script it posts to the account: a new one,
 * or the edit of the one the address names (`?edit=`).
 */
function TransactionForm({
  currency,
  editing,
  onSave,
  onCancel,
}: {
  currency: Currency
  editing: Transaction | null
  onSave: (input: v.InferOutput<typeof TransactionInputSchema>) => void
  onCancel: () => void
}) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const first = useRef<HTMLSelectElement>(null)
  // Editing starts at the form's first field, wherever the Edit pressed was.
  useEffect(() => {
    if (editing) first.current?.focus()
  }, [editing])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const result = v.safeParse(TransactionInputSchema, formInput(Object.fromEntries(form)))
    if (!result.success) {
      const flat = v.flatten<typeof TransactionInputSchema>(result.issues).nested ?? {}
      setErrors(
        Object.fromEntries(Object.entries(flat).map(([key, list]) => [key, list?.[0] ?? ''])),
      )
      return
    }
    setErrors({})
    onSave(result.output)
    event.currentTarget.reset()
  }
  return (
    <form
      className="card portfolio__form"
      method="post"
      action={editing ? transactionFormPath(editing.id, 'edit') : '/api/portfolio/transactions'}
      onSubmit={submit}
      noValidate
    >
      <h2 className="section__subtitle">
        {editing ? 'Edit the transaction' : 'Add a transaction'}
      </h2>
      <div className="field">
        <label className="field__label" htmlFor="portfolio-type">
          Type
        </label>
        <select
          ref={first}
          id="portfolio-type"
          name="type"
          className="field__input"
          defaultValue={editing?.type ?? 'buy'}
        >
          {TRANSACTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {TRANSACTION_TYPE_NAMES[type]}
            </option>
          ))}
        </select>
      </div>
      <Field
        label="Coin id"
        name="coinId"
        defaultValue={editing?.coinId}
        hint="As in its page's address: bitcoin, ethereum…"
        error={errors.coinId}
        required
      />
      <Field
        label="Quantity"
        name="quantity"
        defaultValue={editing?.quantity}
        inputMode="decimal"
        error={errors.quantity}
        required
      />
      <Field
        label="Price per coin"
        name="price"
        defaultValue={editing?.price ?? undefined}
        inputMode="decimal"
        hint="Empty for a transfer."
        error={errors.price}
      />
      <div className="field">
        <label className="field__label" htmlFor="portfolio-currency">
          Currency of the price
        </label>
        <select
          id="portfolio-currency"
          name="currency"
          className="field__input"
          defaultValue={editing?.currency ?? currency}
        >
          <CurrencyOptions />
        </select>
      </div>
      <Field
        label="Date and time (UTC)"
        name="at"
        type="datetime-local"
        // Stored in UTC (ISO 8601): its first 16 characters are what the input takes.
        defaultValue={editing?.at.slice(0, 16)}
        error={errors.at}
        required
      />
      <Field
        label="Fees"
        name="fee"
        defaultValue={editing?.fee}
        inputMode="decimal"
        hint="In the price's currency; 0 if none."
        error={errors.fee}
      />
      <Field label="Note" name="note" defaultValue={editing?.note} error={errors.note} />
      <div>
        <button type="submit" className="button">
          {editing ? 'Save' : 'Add'}
        </button>
        {editing ? (
          <>
            {' '}
            <a
              href="/portfolio"
              className="button button--ghost"
              onClick={(event) => {
                event.preventDefault()
                onCancel()
              }}
            >
              Cancel
            </a>
          </>
        ) : null}
      </div>
    </form>
  )
}

/**
 * The transactions, each with its Edit and Delete as forms: without the script, Edit opens the
 * page with the transaction in the form (`?edit=`) and Delete posts; with it, both act in place.
 */

/** "2026-01-02 10:30 UTC": a transaction's time as the form takes it, in UTC. */
const whenUtc = (iso: string) => `${iso.slice(0, 10)} ${formatTime(iso, true)}`

function TransactionList({
  transactions,
  currency,
  onEdit,
  onDelete,
}: {
  transactions: readonly Transaction[]
  currency: Currency
  onEdit: (transaction: Transaction) => void
  onDelete: (id: string) => void
}) {
  if (transactions.length === 0) return null
  return (
    <section className="card portfolio__transactions" aria-labelledby="transactions-title">
      <h2 id="transactions-title" className="section__subtitle">
        Transactions
      </h2>
      <ul>
        {transactions.map((t) => (
          <li key={t.id}>
            {TRANSACTION_TYPE_NAMES[t.type]} {groupDigits(t.quantity)} {t.coinId}
            {t.price === null ? '' : ` at ${groupDigits(t.price)} ${t.currency.toUpperCase()}`},{' '}
            <time dateTime={t.at}>{whenUtc(t.at)}</time>
            {t.note ? ` — ${t.note}` : ''}{' '}
            <form
              className="portfolio__row-action"
              method="get"
              action="/portfolio"
              onSubmit={(event) => {
                event.preventDefault()
                onEdit(t)
              }}
            >
              <input type="hidden" name="edit" value={t.id} />
              {currency === DEFAULT_CURRENCY ? null : (
                <input type="hidden" name="currency" value={currency} />
              )}
              <button
                type="submit"
                className="button button--ghost button--small"
                aria-label={`Edit: ${TRANSACTION_TYPE_NAMES[t.type]} ${t.quantity} ${t.coinId}, ${whenUtc(t.at)}`}
              >
                Edit
              </button>
            </form>{' '}
            <form
              className="portfolio__row-action"
              method="post"
              action={transactionFormPath(t.id, 'delete')}
              onSubmit={(event) => {
                event.preventDefault()
                onDelete(t.id)
              }}
            >
              <button
                type="submit"
                className="button button--ghost button--small"
                aria-label={`Delete: ${TRANSACTION_TYPE_NAMES[t.type]} ${t.quantity} ${t.coinId}, ${whenUtc(t.at)}`}
              >
                Delete
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  )
}

function CsvTools({
  transactions,
  onImport,
}: {
  transactions: readonly Transaction[]
  onImport: (text: string) => CsvRefusal[]
}) {
  const [refused, setRefused] = useState<CsvRefusal[]>([])
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([toCsv(transactions)], { type: 'text/csv' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'coinvera-portfolio.csv'
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <section className="card portfolio__csv" aria-labelledby="csv-title">
      <h2 id="csv-title" className="section__subtitle">
        CSV
      </h2>
      <p>
        One row a transaction after a header row:{' '}
        <code>type,coin,quantity,price,currency,date,fee,note</code>. An import adds every row or
        none.
      </p>
      <button
        type="button"
        className="button button--ghost"
        onClick={exportCsv}
        disabled={transactions.length === 0}
      >
        Export CSV
      </button>{' '}
      <label className="button button--ghost">
        Import CSV
        <input
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          onChange={async (event) => {
            const input = event.currentTarget
            const file = input.files?.[0]
            // Cleared, so that choosing the same file again imports it again.
            input.value = ''
            if (file) setRefused(onImport(await file.text()))
          }}
        />
      </label>
      {refused.length > 0 ? (
        <div role="alert" className="form-problem">
          <p>
            Nothing was imported: {refused.length} row{refused.length === 1 ? '' : 's'} refused.
          </p>
          <ul>
            {refused.map((r) => (
              <li key={`${r.line}-${r.reason}`}>
                Line {r.line}: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

const codeList = (codes: readonly Currency[]) =>
  codes.map((code) => code.toUpperCase()).join(codes.length === 2 ? ' and ' : ', ')

/**
 * What the costs in other currencies are converted at: each rate, and when the server's exchange
 * rates are from; a currency without a rate is said to be left out.
 */
function CostRatesNote({
  currency,
  from,
  rates,
  now,
}: {
  currency: Currency
  from: readonly Currency[]
  rates: CostRates | null
  now: number
}) {
  if (from.length === 0) return null
  const held = from.filter((code) => rates?.rates[code])
  const missing = from.filter((code) => !rates?.rates[code])
  const shown = currency.toUpperCase()
  const each = held
    .map((code) => {
      const rate = new Dec(rates?.rates[code] ?? '0').toSignificantDigits(6).toFixed()
      return `1 ${code.toUpperCase()} = ${rate} ${shown}`
    })
    .join(', ')
  const when = rates?.updatedAt
    ? ` (${rates.source === 'sample' ? 'sample rates' : 'rates'} as of ${formatSince(rates.updatedAt, now)})`
    : ''
  const converted =
    held.length > 0
      ? `Costs in ${codeList(held)} are converted to ${CURRENCY_NAMES[currency]} at the exchange rates the site holds: ${each}${when}.`
      : ''
  const left =
    missing.length === 0
      ? ''
      : rates
        ? `No exchange rate is held now for ${codeList(missing)}: those costs are left out.`
        : `Costs in ${codeList(missing)} are converted once the exchange rates arrive.`
  return <p className="portfolio__note portfolio__rates">{[converted, left].join(' ').trim()}</p>
}

/** What a form posted without the script did (`?done=`). */
const DONE_MESSAGES = {
  added: 'Transaction added.',
  edited: 'Transaction saved.',
  deleted: 'Transaction deleted.',
} satisfies Record<PortfolioFormDone, string>

/**
 * The visitor's portfolio in `currency`: the account's when signed in, this browser's when
 * signed out (after hydration: the server cannot know it). Signing in moves the browser's
 * transactions into the account.
 */
export function PortfolioPage({
  currency,
  signedIn,
  returned,
  done,
  sort,
  edit,
}: {
  currency: Currency
  signedIn: boolean
  /** The transaction the address opens in the form (`?edit=`: Edit without the script). */
  edit?: string | undefined
  /** The holdings' order (`?sort=`, as the other tables keep it). */
  sort?: string | undefined
  /** The code a form posted without the page's script came back with (`?error=`). */
  returned?: string | undefined
  done?: string | undefined
}) {
  const queryClient = useQueryClient()
  const hydrated = useHydrated()
  const local = useSyncExternalStore(subscribeLocal, readLocal, serverSnapshot)
  const account = useQuery({ ...portfolioQueries.account(), enabled: signedIn })
  const transactions = (signedIn ? account.data?.transactions : local) ?? []
  const change = usePortfolioChange(signedIn)
  const [mergeProblem, setMergeProblem] = useState<string | null>(null)
  // Chosen on the page, or else the one the address names.
  const [chosen, setEditing] = useState<Transaction | null | undefined>(undefined)
  const editing = chosen === undefined ? (transactions.find((t) => t.id === edit) ?? null) : chosen

  useEffect(() => {
    if (!signedIn || local.length === 0) return
    void mergeIntoAccount(queryClient).then(setMergeProblem)
  }, [signedIn, local, queryClient])

  const ids = useMemo(() => holdingIds(transactions), [transactions])
  const costFrom = useMemo(() => costCurrencies(transactions, currency), [transactions, currency])
  const rates = useQuery(portfolioQueries.rates(currency, costFrom))
  const costRates = rates.data?.to === currency ? rates.data : null
  const prices = useQuery({
    ...portfolioQueries.prices(currency, ids),
    placeholderData: keepPreviousData,
  })
  // A coin whose price the server no longer answers keeps the last one this page saw, marked
  // with its age.
  const [seen] = useState(() => new Map<string, Quote>())
  const result = useMemo(() => {
    const quotes = quotesOf(prices.data?.coins ?? [])
    for (const [id, quote] of quotes) seen.set(`${currency} ${id}`, quote)
    for (const id of ids) {
      const last = quotes.has(id) ? undefined : seen.get(`${currency} ${id}`)
      if (last) quotes.set(id, { ...last, stale: true })
    }
    return holdings(transactions, quotes, atRates(currency, costRates?.rates ?? {}))
  }, [transactions, prices.data, currency, ids, seen, costRates])
  const now = prices.dataUpdatedAt || Date.now()
  const names = new Map(
    (prices.data?.coins ?? []).flatMap((row) =>
      row.status === 'priced' ? [[row.id, row.name] as const] : [],
    ),
  )
  const total = result.totals.value
  const rows: Row[] = result.holdings
    .filter((holding) => !holding.quantity.isZero() || !holding.realised?.isZero())
    .map((holding) => ({
      ...holding,
      currency,
      now,
      name: names.get(holding.coinId) ?? holding.coinId,
      share: holding.value && !total.isZero() ? holding.value.dividedBy(total).toNumber() : null,
    }))
  const known = signedIn || hydrated

  return (
    <section className="section portfolio" aria-labelledby="portfolio-title">
      <div className="section__header section__header--row">
        <div>
          <p className="eyebrow">Portfolio</p>
          <h1 id="portfolio-title" className="section__title">
            Your portfolio
          </h1>
        </div>
        <div className="prices__aside">
          <p className="prices__subtitle">Figures in {CURRENCY_NAMES[currency]}.</p>
          <CurrencyMenu currency={currency} />
        </div>
      </div>
      <p className="portfolio__note">
        Cost method: average cost, as CoinGecko does. A sale takes its share of the holding's
        average cost; what it brings above that is realised profit.
      </p>
      <CostRatesNote currency={currency} from={costFrom} rates={costRates} now={now} />
      {signedIn ? null : (
        <p className="portfolio__note">
          Signed out, your portfolio is kept in this browser (with JavaScript on).{' '}
          <Link to="/signin" search={{ return: '/portfolio' }}>
            Sign in
          </Link>{' '}
          to keep it in your account: it moves there when you do.
        </p>
      )}
      {returned && (PORTFOLIO_FORM_ERRORS as readonly string[]).includes(returned) ? (
        <p className="form-problem" role="alert">
          Not saved: {ERROR_MESSAGES[returned as PortfolioFormError]}
        </p>
      ) : done && done in DONE_MESSAGES ? (
        <p role="status">{DONE_MESSAGES[done as keyof typeof DONE_MESSAGES]}</p>
      ) : null}
      {change.error || mergeProblem ? (
        <p className="form-problem" role="alert">
          {change.error
            ? `Not saved, and put back as it was: ${change.error.message}`
            : mergeProblem}
        </p>
      ) : null}
      {!known ? null : signedIn && account.isError ? (
        <LoadError
          message="We couldn't load your portfolio. Check your connection and try again."
          retrying={account.isFetching}
          onRetry={() => void account.refetch()}
        />
      ) : signedIn && !account.data ? (
        <p role="status">
          {hydrated
            ? 'Loading your portfolio…'
            : // The server renders them; past its share of renders for this visitor, it sends the page without.
              'Your holdings could not be shown just now: reload in a moment, or turn JavaScript on. The form below still adds to your account.'}
        </p>
      ) : rows.length > 0 ? (
        <>
          <TotalsCard totals={result.totals} currency={currency} />
          <div className="card coin-list__card">
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be focusable */}
            <section className="table-scroll" aria-label="Holdings table" tabIndex={0}>
              <HoldingsTable rows={rows} currency={currency} sort={sort} />
            </section>
          </div>
          <Allocation rows={rows} currency={currency} />
        </>
      ) : (
        <p className="card portfolio__empty">
          No transactions yet: add your first below, or import a CSV file.
        </p>
      )}
      {/* Before hydration too: without JavaScript it posts to the account (or leads to sign-in). */}
      <TransactionForm
        key={editing?.id ?? 'new'}
        currency={currency}
        editing={editing}
        onSave={(input) => {
          change.mutate(
            editing ? { kind: 'edit', id: editing.id, input } : { kind: 'add', inputs: [input] },
          )
          setEditing(null)
        }}
        onCancel={() => setEditing(null)}
      />
      {known ? (
        <>
          <TransactionList
            transactions={transactions}
            currency={currency}
            onEdit={setEditing}
            onDelete={(id) => change.mutate({ kind: 'delete', id })}
          />
          <CsvTools
            transactions={transactions}
            onImport={(text) => {
              const read = fromCsv(text, transactions)
              if (!read.ok) return read.refused
              change.mutate({ kind: 'add', inputs: read.transactions })
              return []
            }}
          />
        </>
      ) : null}
    </section>
  )
}
