import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as v from 'valibot'
import { CURRENCIES, type Currency, CurrencySchema, DEFAULT_CURRENCY } from '@/lib/currency'
import { browserStorage } from '@/lib/persist'

// The visitor's last choice, kept in this browser only: the server's HTML, shared by a CDN, is
// never about one visitor, so a remembered currency is applied here by changing the address.
const STORAGE_KEY = 'coinvera-currency'

/**
 * An address without `?currency=` shows the remembered currency: once, when the menu hydrates
 * (the HTML is the default currency's, as every visitor's; the list is not in view before). A
 * shared link that names a currency keeps it.
 */
function useRememberedCurrency(current: Currency, change: (currency: Currency) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, on arrival
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('currency')) return
    const remembered = browserStorage()?.getItem(STORAGE_KEY)
    if (v.is(CurrencySchema, remembered) && remembered !== current) change(remembered)
  }, [])
}

/**
 * The currency menu: a native select (keyboard and screen readers know it), in a GET form whose
 * button only shows without JavaScript, so the choice works before and without the app too.
 */
export function CurrencyMenu({ currency }: { currency: Currency }) {
  const navigate = useNavigate()
  // The default stays out of the address; like sorting, no new history entry, no scroll.
  const change = (next: Currency) =>
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, currency: next === DEFAULT_CURRENCY ? undefined : next }),
      replace: true,
      resetScroll: false,
    })
  useRememberedCurrency(currency, change)
  return (
    <form className="currency-menu" method="get">
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
          browserStorage()?.setItem(STORAGE_KEY, next)
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
