import { describe, expect, it } from 'vitest'
import { formatCompactMoney } from './format'

describe('formatCompactMoney (the global bar)', () => {
  it('shortens the global figures', () => {
    expect(formatCompactMoney(3382114567890.12)).toBe('$3.38T')
    expect(formatCompactMoney(2920117717916.33, 'eur')).toBe('€2.92T')
    expect(formatCompactMoney(132456789012.34, 'gbp')).toBe('£132.46B')
    expect(formatCompactMoney(34719691.2895, 'btc')).toBe('₿34.72M')
    expect(formatCompactMoney(950000, 'eth')).toBe('Ξ950,000')
    expect(formatCompactMoney(null)).toBe('–')
  })
})
