// Shared with the server (server/routes/auth.ts), which sets it beside the HttpOnly session cookie.
export const SIGNED_IN_COOKIE = 'coinvera_signed_in'

/** Whether a session may exist: the companion cookie is there (it holds no secret). */
export function mightBeSignedIn(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`)
  )
}
