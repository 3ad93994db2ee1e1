import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import * as v from 'valibot'
import {
  COMMON_CURRENCIES,
  CURRENCY_NAMES,
  type Currency,
  CurrencySchema,
  DEFAULT_CURRENCY,
  OTHER_CURRENCIES,
} from '@contract/currency'
import { takeEarlyChoice } from '@/boot/early-choices'
import { rememberCurrency } from '@/lib/remembered-currency'

/** "INR · Indian rupees": the code, which the closed menu shows, then the name to find it by. */
function CurrencyOption({ code }: { code: Currency }) {
  return <option value={code}>{`${code.toUpperCase()} · ${CURRENCY_NAMES[code]}`}</option>
}

/** Every offered currency as a select's options: the common ones, then all the others by name. */
export function CurrencyOptions({ common = 'Common' }: { common?: string }) {
  return (
    <>
      <optgroup label={common}>
        {COMMON_CURRENCIES.map((code) => (
          <CurrencyOption key={code} code={code} />
        ))}
      </optgroup>
      <optgroup label="All currencies">
        {OTHER_CURRENCIES.map((code) => (
          <CurrencyOption key={code} code={code} />
        ))}
      </optgroup>
    </>
  )
}

/**
 * The currency menu: a native select (keyboard and screen readers know it), in a GET form whose
 * button only shows without JavaScript, so the choice works before and without the app too.
 * `keep`: the address's other parameters that the server renders (a coin's `range`), which that
 * form sends along.
 */
export function CurrencyMenu({
  currency,
  keep = {},
}: {
  currency: Currency
  keep?: Record<string, string>
}) {
  const navigate = useNavigate()
  const select = useRef<HTMLSelectElement>(null)
  // The default stays out of the address; like sorting, no new history entry, no scroll. The
  // currency shown is no change: React sends one when it puts a pick made during hydration back
  // to the rendered value, after the pick itself was applied.
  const change = (value: string) => {
    if (!v.is(CurrencySchema, value) || value === currency) return
    rememberCurrency(value)
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, currency: value === DEFAULT_CURRENCY ? undefined : value }),
      replace: true,
      resetScroll: false,
    })
  }
  // A choice made in the server's HTML before this code arrived (the menu hydrates late) is
  // still in the select, which React adopts as it is; one made while the page hydrated was
  // recorded (src/boot/early-choices.ts). Apply it, or page and menu disagree.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const chosen = takeEarlyChoice('currency') ?? select.current?.value
    if (chosen && chosen !== currency) change(chosen)
  }, [])
  return (
    <form className="currency-menu" method="get">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="currency-menu__label" htmlFor="currency">
        Currency
      </label>
      <select
        ref={select}
        id="currency"
        name="currency"
        className="currency-menu__select"
        value={currency}
        onChange={(event) => change(event.currentTarget.value)}
      >
        <CurrencyOptions />
      </select>
      <noscript>
        <button type="submit" className="currency-menu__submit">
          Show
        </button>
      </noscript>
    </form>
  )
}
