// When an alert fires, as a pure function of its state and a price. The rule is data (`RULE`) so
// that the store writes its SQL conditions from it: the evaluation selects in SQL only the rows
// this module would act on, and the conditional update re-checks with the same comparison.

import { type Direction, REARM_MARGIN } from '@contract/alerts'

/**
 * An alert's `price` is the value the visitor chose (its threshold); `seen` is a refresh's price.
 * `waiting`: fires on the next price past the threshold. `triggered`: fired; stays so until the
 * visitor re-arms it. `rearming`: re-armed by the visitor, waiting for the price to move back
 * past the threshold by `REARM_MARGIN` before it waits again.
 */
export type AlertState = 'waiting' | 'triggered' | 'rearming'

export type Condition = { direction: Direction; price: number }

/** One side of the rule: `seen <op> alert's price * factor`. */
export type Comparison = { op: '>' | '<' | '<=' | '>='; factor: number }

/** The one statement of the rule, per direction: when it fires, and when a re-armed one may wait. */
export const RULE: {
  fire: Record<Direction, Comparison>
  back: Record<Direction, Comparison>
} = {
  fire: { above: { op: '>', factor: 1 }, below: { op: '<', factor: 1 } },
  back: {
    above: { op: '<=', factor: 1 - REARM_MARGIN },
    below: { op: '>=', factor: 1 + REARM_MARGIN },
  },
}

const COMPARE: Record<Comparison['op'], (a: number, b: number) => boolean> = {
  '>': (a, b) => a > b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>=': (a, b) => a >= b,
}

function holds({ op, factor }: Comparison, seen: number, price: number): boolean {
  return COMPARE[op](seen, price * factor)
}

/** The price seen is on the alert's side of its value: it would fire. */
export function crossed({ direction, price }: Condition, seen: number): boolean {
  return holds(RULE.fire[direction], seen, price)
}

/** The price seen is back past the alert's value by the margin: a re-armed alert may wait again. */
export function movedBack({ direction, price }: Condition, seen: number): boolean {
  return holds(RULE.back[direction], seen, price)
}

/** The state after a refresh shows `seen`; `fired` when this refresh triggers the alert. */
export function step(
  alert: Condition & { state: AlertState },
  seen: number,
): { state: AlertState; fired: boolean } {
  if (alert.state === 'waiting' && crossed(alert, seen)) return { state: 'triggered', fired: true }
  if (alert.state === 'rearming' && movedBack(alert, seen))
    return { state: 'waiting', fired: false }
  return { state: alert.state, fired: false }
}
