import { SIGNED_IN_COOKIE } from '@contract/session'

let remembered: boolean | undefined

/** Whether a session may exist: the companion cookie is there (it holds no secret). */
export function mightBeSignedIn(): boolean {
  if (typeof document === 'undefined') return false
  // TanStack Query asks this dozens of times per cache event, and each `document.cookie` read is
  // a round trip to the browser's cookie store. Read it once per synchronous run of code: a cookie
  // set meanwhile is seen by the next run, as if it had arrived a moment later.
  if (remembered === undefined) {
    remembered = document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`)
    queueMicrotask(() => {
      remembered = undefined
    })
  }
  return remembered
}
