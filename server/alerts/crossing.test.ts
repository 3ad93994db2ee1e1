import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { REARM_MARGIN } from '@contract/alerts'
import { type AlertState, type Condition, crossed, step } from './crossing'

describe('step', () => {
  const above: Condition = { direction: 'above', price: 100 }
  const below: Condition = { direction: 'below', price: 100 }

  it('fires a waiting alert once the price is past its threshold, not at it', () => {
    expect(step({ ...above, state: 'waiting' }, 100)).toEqual({ state: 'waiting', fired: false })
    expect(step({ ...above, state: 'waiting' }, 100.01)).toEqual({
      state: 'triggered',
      fired: true,
    })
    expect(step({ ...below, state: 'waiting' }, 100)).toEqual({ state: 'waiting', fired: false })
    expect(step({ ...below, state: 'waiting' }, 99.99)).toEqual({ state: 'triggered', fired: true })
  })

  it('keeps a triggered alert triggered, whatever the price does', () => {
    for (const price of [1, 99, 100, 101, 1000]) {
      expect(step({ ...above, state: 'triggered' }, price)).toEqual({
        state: 'triggered',
        fired: false,
      })
    }
  })

  it('waits again after a re-arm only once the price is back past the threshold by 1%', () => {
    expect(step({ ...above, state: 'rearming' }, 99.5).state).toBe('rearming')
    expect(step({ ...above, state: 'rearming' }, 99)).toEqual({ state: 'waiting', fired: false })
    expect(step({ ...below, state: 'rearming' }, 100.5).state).toBe('rearming')
    expect(step({ ...below, state: 'rearming' }, 101)).toEqual({ state: 'waiting', fired: false })
  })

  it('never fires while re-arming, even far past the threshold', () => {
    expect(step({ ...above, state: 'rearming' }, 500)).toEqual({ state: 'rearming', fired: false })
  })
})

// A visitor's path: prices from refreshes, and now and then a re-arm.
const event = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.double({ min: 90, max: 110, noNaN: true }).map((price) => ({ price })),
  },
  { weight: 1, arbitrary: fc.constant({ rearm: true as const }) },
)

describe('over random price paths', () => {
  it('fires at most once between re-arms, and only after the price went back past the margin', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Condition['direction']>('above', 'below'),
        fc.array(event, { maxLength: 200 }),
        (direction, events) => {
          const alert: Condition = { direction, price: 100 }
          let state: AlertState = 'waiting'
          let firedSinceRearm = 0
          let movedBackSinceFire = true
          for (const e of events) {
            if ('rearm' in e) {
              if (state === 'triggered') {
                state = 'rearming'
                firedSinceRearm = 0
                movedBackSinceFire = false
              }
              continue
            }
            const back =
              direction === 'above'
                ? e.price <= 100 * (1 - REARM_MARGIN)
                : e.price >= 100 * (1 + REARM_MARGIN)
            if (back) movedBackSinceFire = true
            const next = step({ ...alert, state }, e.price)
            if (next.fired) {
              firedSinceRearm += 1
              expect(firedSinceRearm).toBe(1)
              expect(movedBackSinceFire).toBe(true)
              expect(crossed(alert, e.price)).toBe(true)
            }
            state = next.state
          }
        },
      ),
    )
  })

  it('sends one email for a price hovering around the threshold, however long it hovers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 99.5, max: 100.5, noNaN: true }), { maxLength: 300 }),
        fc.array(fc.nat(300), { maxLength: 20 }),
        (prices, rearmAt) => {
          let state: AlertState = 'waiting'
          let fired = 0
          prices.forEach((price, i) => {
            if (rearmAt.includes(i) && state === 'triggered') state = 'rearming'
            const next = step({ direction: 'above', price: 100, state }, price)
            if (next.fired) fired += 1
            state = next.state
          })
          expect(fired).toBeLessThanOrEqual(1)
        },
      ),
    )
  })
})
