// When an alert fires, as a pure function of its state and a price: the store applies the same
// rule in its conditional updates, and the evaluation on refreshes asks this one which rows to try.

import { REARM_MARGIN } from '@contract/alerts'

export type Direction = 'above' | 'below'

/**
 * `waiting`: fires on the next price past the threshold. `triggered`: fired; stays so until the
 * visitor re-arms it. `rearming`: re-armed by the visitor, waiting for the price to move back
 * past the threshold by `REARM_MARGIN` before it waits again.
 */
export type AlertState = 'waiting' | 'triggered' | 'rearming'

export type Condition = { direction: Direction; threshold: number }

/** The price is on the alert's side of the threshold: it would fire. */
export function crossed({ direction, threshold }: Condition, price: number): boolean {
  return direction === 'above' ? price > threshold : price < threshold
}

/** The price is back past the threshold by the margin: a re-armed alert may wait again. */
export function movedBack({ direction, threshold }: Condition, price: number): boolean {
  return direction === 'above'
    ? price <= threshold * (1 - REARM_MARGIN)
    : price >= threshold * (1 + REARM_MARGIN)
}

/** The state after a refresh shows `price`; `fired` when this refresh triggers the alert. */
export function step(
  alert: Condition & { state: AlertState },
  price: number,
): { state: AlertState; fired: boolean } {
  if (alert.state === 'waiting' && crossed(alert, price)) return { state: 'triggered', fired: true }
  if (alert.state === 'rearming' && movedBack(alert, price))
    return { state: 'waiting', fired: false }
  return { state: alert.state, fired: false }
}
