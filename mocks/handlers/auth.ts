import { HttpResponse, http } from 'msw'
import * as v from 'valibot'
import { fieldIssues } from '@contract/api-error'
import { ERROR_MESSAGES } from '@contract/error-messages'
import { ChangeEmailSchema, EditDetailsSchema } from '@contract/account'
import { SignUpSchema } from '@contract/sign-up'
import { SIGNED_IN_COOKIE, SignInSchema } from '@contract/session'

type User = { id: string; name: string; email: string; emailVerified: boolean }

type Stored = User & { password: string; phoneNumber: string | null; pendingEmail: string | null }

// Offline development only: accounts live in this page's memory, the session in a cookie.
const accounts = new Map<string, Stored>()
let signedIn: User | null = null

/** Who is signed in now, for the other mocks that need an account (watchlist.ts). */
export const mockSignedIn = (): User | null => signedIn

/** Forgets every mock account and session (between tests). */
export function resetAuthMocks(): void {
  accounts.clear()
  signedIn = null
}

const UNAUTHENTICATED = () =>
  HttpResponse.json(
    { error: 'unauthenticated', message: ERROR_MESSAGES.unauthenticated },
    { status: 401 },
  )

/** The signed-in visitor's stored account (the mocks have no change of address to confirm). */
const current = (): Stored | undefined =>
  signedIn ? accounts.get(signedIn.email.toLowerCase()) : undefined

const SIGNED_IN = `${SIGNED_IN_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=604800`
const SIGNED_OUT = `${SIGNED_IN_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`

function invalid(issues: v.BaseIssue<unknown>[]) {
  return HttpResponse.json(
    {
      error: 'validation_failed',
      message: ERROR_MESSAGES.validation_failed,
      issues: fieldIssues(issues),
    },
    { status: 400 },
  )
}

// The server's answers for sign-up and sessions, with its own validation rules.
export const authHandlers = [
  http.post('*/api/auth', async ({ request }) => {
    const result = v.safeParse(SignUpSchema, await request.json().catch(() => null))
    if (!result.success) return invalid(result.issues)
    const { name, email, password, phoneNumber } = result.output
    if (accounts.has(email.toLowerCase())) {
      return HttpResponse.json(
        { error: 'email_taken', message: ERROR_MESSAGES.email_taken },
        { status: 409 },
      )
    }
    const user = { id: crypto.randomUUID(), name, email, emailVerified: false }
    accounts.set(email.toLowerCase(), {
      ...user,
      password,
      phoneNumber: phoneNumber ?? null,
      pendingEmail: null,
    })
    signedIn = user
    return HttpResponse.json(
      { ...user, phoneNumber: phoneNumber ?? null, createdAt: new Date().toISOString() },
      { status: 201, headers: { 'Set-Cookie': SIGNED_IN } },
    )
  }),
  http.post('*/api/auth/session', async ({ request }) => {
    const result = v.safeParse(SignInSchema, await request.json().catch(() => null))
    if (!result.success) return invalid(result.issues)
    const account = accounts.get(result.output.username.toLowerCase())
    if (!account || account.password !== result.output.password) {
      return HttpResponse.json(
        { error: 'invalid_credentials', message: ERROR_MESSAGES.invalid_credentials },
        { status: 401 },
      )
    }
    signedIn = {
      id: account.id,
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
    }
    return HttpResponse.json({ user: signedIn }, { headers: { 'Set-Cookie': SIGNED_IN } })
  }),
  http.get('*/api/auth/session', () =>
    signedIn
      ? HttpResponse.json({ user: signedIn })
      : HttpResponse.json(
          { error: 'unauthenticated', message: ERROR_MESSAGES.unauthenticated },
          { status: 401 },
        ),
  ),
  http.delete('*/api/auth/session', () => {
    signedIn = null
    return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': SIGNED_OUT } })
  }),
  // One page holds one session, so signing out everywhere ends that one.
  http.delete('*/api/auth/sessions', () => {
    if (!signedIn) {
      return HttpResponse.json(
        { error: 'unauthenticated', message: ERROR_MESSAGES.unauthenticated },
        { status: 401, headers: { 'Set-Cookie': SIGNED_OUT } },
      )
    }
    signedIn = null
    return new HttpResponse(null, { status: 204, headers: { 'Set-Cookie': SIGNED_OUT } })
  }),
  // The account page: details, their changes, and a change of address left pending (no mail here).
  http.get('*/api/account', () => {
    const account = current()
    if (!account) return UNAUTHENTICATED()
    const { password: _, ...details } = account
    return HttpResponse.json({ account: details })
  }),
  http.post('*/api/account/details', async ({ request }) => {
    const account = current()
    if (!account || !signedIn) return UNAUTHENTICATED()
    const result = v.safeParse(EditDetailsSchema, await request.json().catch(() => null))
    if (!result.success) return invalid(result.issues)
    account.name = result.output.name
    account.phoneNumber = result.output.phoneNumber ?? null
    signedIn = { ...signedIn, name: account.name }
    return new HttpResponse(null, { status: 204 })
  }),
  http.post('*/api/account/email', async ({ request }) => {
    const account = current()
    if (!account) return UNAUTHENTICATED()
    const result = v.safeParse(ChangeEmailSchema, await request.json().catch(() => null))
    if (!result.success) return invalid(result.issues)
    if (result.output.password !== account.password) {
      return HttpResponse.json(
        { error: 'invalid_password', message: ERROR_MESSAGES.invalid_password },
        { status: 403 },
      )
    }
    if (accounts.has(result.output.email.toLowerCase())) {
      return HttpResponse.json(
        { error: 'email_taken', message: ERROR_MESSAGES.email_taken },
        { status: 409 },
      )
    }
    account.pendingEmail = result.output.email
    return new HttpResponse(null, { status: 202 })
  }),
]
