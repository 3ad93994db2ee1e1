import { type ReactNode, useState } from 'react'
import { CURRENCY_NAMES, type Currency } from '@contract/currency'
import { Field } from '@/components/form/field'
import { amountDigits, COIN_DIGITS, convert, readAmount } from '@contract/amounts'
import { formatSymbol } from '@/lib/format'

/** Which field the visitor typed in last: the other one follows it. */
type Typed = { side: 'coin' | 'money'; text: string }

const NOT_AMOUNT = 'Enter an amount as a number, such as 0.5.'

/**
 * An amount of the coin and its value in the page's currency, each editable: typing in one
 * updates the other at the price shown above, in exact decimals. A new price or currency
 * recomputes the field the visitor did not type in, so a typed amount is never replaced.
 */
export function CoinConverter({
  name,
  symbol,
  price,
  currency,
  more,
}: {
  name: string
  symbol: string
  price: number | null | undefined
  currency: Currency
  /** What follows the fields (the coin page's link to the full converter). */
  more?: ReactNode
}) {
  const [typed, setTyped] = useState<Typed>({ side: 'coin', text: '1' })
  const amount = readAmount(typed.text)
  const rate = typeof price === 'number' ? price : Number.NaN
  const digits = amountDigits(currency)
  const other =
    amount === null
      ? ''
      : typed.side === 'coin'
        ? convert(amount, rate, { digits, minDigits: Math.min(digits, 2) })
        : convert(amount, rate, { digits: COIN_DIGITS, divide: true })
  const coinText = typed.side === 'coin' ? typed.text : (other ?? '')
  const moneyText = typed.side === 'money' ? typed.text : (other ?? '')
  const code = currency.toUpperCase()
  const coinCode = formatSymbol(symbol)
  return (
    <section className="coin-converter" aria-labelledby="coin-converter-title">
      <h2 id="coin-converter-title" className="coin-section__title">
        Convert {coinCode} to {code}
      </h2>
      <div className="coin-converter__fields">
        <Field
          label={`Amount in ${coinCode}`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={coinText}
          error={typed.side === 'coin' && amount === null ? NOT_AMOUNT : undefined}
          onChange={(event) => setTyped({ side: 'coin', text: event.target.value })}
        />
        <span className="coin-converter__equals" aria-hidden="true">
          =
        </span>
        <Field
          label={`Value in ${code}`}
          name="value"
          inputMode="decimal"
          autoComplete="off"
          value={moneyText}
          error={typed.side === 'money' && amount === null ? NOT_AMOUNT : undefined}
          onChange={(event) => setTyped({ side: 'money', text: event.target.value })}
        />
      </div>
      {other === null ? (
        <p className="coin-converter__note">
          No price in {CURRENCY_NAMES[currency]} to convert at.
        </p>
      ) : (
        <p className="coin-converter__note" aria-live="polite">
          {amount === null
            ? `At the price above, for ${name}.`
            : `${coinText} ${coinCode} = ${moneyText} ${code}, at the price above.`}
        </p>
      )}
      {more}
    </section>
  )
}
