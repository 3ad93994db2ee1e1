import { describe, expect, it } from 'vitest'
import { COMMON_CURRENCIES, CURRENCIES, CURRENCY_NAMES, OTHER_CURRENCIES } from './currency'

describe('the menus’ groups', () => {
  it('offer every currency once: the common ones, then the others', () => {
    expect([...COMMON_CURRENCIES, ...OTHER_CURRENCIES].sort()).toEqual([...CURRENCIES].sort())
  })

  it('list the others in the order a reader expects from their names (the locale’s)', () => {
    const byLocale = [...OTHER_CURRENCIES].sort((a, b) =>
      CURRENCY_NAMES[a].localeCompare(CURRENCY_NAMES[b], 'en'),
    )
    expect(OTHER_CURRENCIES).toEqual(byLocale)
    expect(OTHER_CURRENCIES[0]).toBe('ars')
  })
})
