import { CURRENCIES, CURRENCY_PATHS } from '@contract/currency'
import { describe, expect, it } from 'vitest'
import { rememberedCurrency } from './currency'

const on = (pathname: string, hasCurrency = false) => ({ pathname, hasCurrency })
const rule = (remembered: string | null, address: ReturnType<typeof on>) =>
  rememberedCurrency(remembered, CURRENCIES, CURRENCY_PATHS, address)

// One rule for the page's first script and the routes' beforeLoad (src/lib/remembered-currency.ts).
describe('rememberedCurrency', () => {
  it('gives the last choice to a page with prices whose address names no currency', () => {
    for (const path of ['/', '/crypto', '/coins', '/coins/bitcoin']) {
      expect(rule('eur', on(path))).toBe('eur')
    }
  })

  it('leaves the address alone otherwise', () => {
    expect(rule('eur', on('/', true))).toBeNull()
    expect(rule('eur', on('/signup'))).toBeNull()
    expect(rule('eur', on('/coins/bitcoin/extra'))).toBeNull()
    expect(rule('eur', on('/coinsx'))).toBeNull()
    expect(rule(null, on('/'))).toBeNull()
    // The default needs no parameter, and a currency no longer offered is forgotten.
    expect(rule('usd', on('/'))).toBeNull()
    expect(rule('xau', on('/'))).toBeNull()
  })
})
