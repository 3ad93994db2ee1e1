import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '@contract/error-messages'
import { formInput, PORTFOLIO_MAX, type TransactionInput } from '@contract/portfolio'
import { applyChange, refusalOf } from './changes'

const buy: TransactionInput = {
  type: 'buy',
  coinId: 'bitcoin',
  quantity: '1',
  price: '100',
  currency: 'usd',
  at: '2026-01-01T00:00:00.000Z',
  fee: '0',
  note: '',
}

describe('a portfolio change, checked before it is sent', () => {
  it('adds with ids of their own and deletes by id', () => {
    const added = applyChange([], { kind: 'add', inputs: [buy, buy] })
    expect(added).toHaveLength(2)
    expect(new Set(added.map((t) => t.id)).size).toBe(2)
    expect(applyChange(added, { kind: 'delete', id: added[0]?.id ?? '' })).toEqual([added[1]])
    const id = added[1]?.id ?? ''
    expect(applyChange(added, { kind: 'edit', id, input: { ...buy, quantity: '2' } })).toEqual([
      added[0],
      { id, ...buy, quantity: '2' },
    ])
  })

  it('refuses a sell past the holding, a deletion that would leave one, and the 1,001st', () => {
    const list = applyChange([], {
      kind: 'add',
      inputs: [buy, { ...buy, type: 'sell', at: '2026-02-01T00:00:00.000Z' }],
    })
    expect(
      refusalOf(list, applyChange(list, { kind: 'add', inputs: [{ ...buy, type: 'sell' }] })),
    ).toBe(ERROR_MESSAGES.exceeds_holding)
    expect(refusalOf(list, applyChange(list, { kind: 'delete', id: list[0]?.id ?? '' }))).toBe(
      ERROR_MESSAGES.exceeds_holding,
    )
    const full = applyChange([], { kind: 'add', inputs: Array(PORTFOLIO_MAX).fill(buy) })
    expect(refusalOf(full, applyChange(full, { kind: 'add', inputs: [buy] }))).toBe(
      ERROR_MESSAGES.portfolio_full,
    )
    expect(refusalOf([], applyChange([], { kind: 'add', inputs: [buy] }))).toBeNull()
  })

  it('reads a form as the server does: empty price and fee, a time without zone as UTC', () => {
    expect(formInput({ price: '', fee: '', at: '2026-11-28T14:05' })).toEqual({
      price: null,
      fee: undefined,
      at: '2026-11-28T14:05:00Z',
    })
    expect(formInput({ at: '2026-11-28T14:05:00+01:00' }).at).toBe('2026-11-28T14:05:00+01:00')
  })
})
