import { useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { CURRENCIES, type Currency, CurrencySchema, DEFAULT_CURRENCY } from '@contract/currency'
import { rememberCurrency } from '@/lib/remembered-currency'

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
  // The default stays out of the address; like sorting, no new history entry, no scroll.
  const change = (next: Currency) =>
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, currency: next === DEFAULT_CURRENCY ? undefined : next }),
      replace: true,
      resetScroll: false,
    })
  return (
    <form className="currency-menu" method="get">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="currency-menu__label" htmlFor="currency">
        Currency
      </label>
      <select
        id="currency"
        name="currency"
        className="currency-menu__select"
        value={currency}
        onChange={(event) => {
          const next = event.currentTarget.value
          if (!v.is(CurrencySchema, next)) return
          rememberCurrency(next)
          change(next)
        }}
      >
        {CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code.toUpperCase()}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="currency-menu__submit">
          Show
        </button>
      </noscript>
    </form>
  )
}
