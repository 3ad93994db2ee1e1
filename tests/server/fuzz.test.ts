import fc from 'fast-check'
import * as v from 'valibot'
import { expect, it } from 'vitest'
import { SignUpSchema } from '@contract/sign-up'
import { SignInSchema } from '@contract/session'
import { setUpTestDb, setUpTestServer } from './helpers/server'

const testDb = setUpTestDb()
const server = setUpTestServer({}, { db: testDb })

const ErrorSchema = v.object({ error: v.string(), message: v.string() })
const encoder = new TextEncoder()

// Values near the real shape: the right keys with any JSON values, or stray keys.
const nearlyAccount = fc.record(
  {
    name: fc.jsonValue(),
    email: fc.oneof(fc.jsonValue(), fc.emailAddress()),
    password: fc.oneof(fc.jsonValue(), fc.string({ maxLength: 200 })),
    phoneNumber: fc.jsonValue(),
    ['__proto__']: fc.jsonValue(),
    constructor: fc.jsonValue(),
  },
  { requiredKeys: [] },
)

const body: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }).map((s) => encoder.encode(s)),
  fc.json({ maxDepth: 4 }).map((s) => encoder.encode(s)),
  nearlyAccount.map((o) => encoder.encode(JSON.stringify(o))),
  fc.uint8Array({ maxLength: 300 }),
  fc.integer({ min: 1, max: 6000 }).map((n) => encoder.encode('['.repeat(n) + ']'.repeat(n))),
  fc
    .integer({ min: 16 * 1024 - 64, max: 24 * 1024 })
    .map((n) => encoder.encode(`"${'a'.repeat(n)}"`)),
)

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  '',
  ';;;',
)

function isJsonObjectTheSchemaAccepts(
  bytes: Uint8Array,
  schema: v.GenericSchema = SignUpSchema,
): boolean {
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes))
    return v.safeParse(schema, value).success
  } catch {
    return false
  }
}

it('600 generated malformed bodies get only 4xx JSON answers, and the server stays up', async () => {
  let checked = 0
  await fc.assert(
    fc.asyncProperty(body, contentType, async (bytes, type) => {
      const headers: Record<string, string> = type ? { 'Content-Type': type } : {}
      const response = await fetch(`${server.url}/api/auth`, {
        method: 'POST',
        headers,
        body: new Uint8Array(bytes),
      })
      const text = await response.text()
      checked++
      const json = type.toLowerCase().startsWith('application/json')
      // A generated body can be a valid sign-up (rare); the schema decides, as the server does.
      if (json && bytes.length <= 16 * 1024 && isJsonObjectTheSchemaAccepts(bytes)) {
        expect([201, 409]).toContain(response.status)
        return
      }
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      v.parse(ErrorSchema, JSON.parse(text))
    }),
    { numRuns: 600 },
  )
  expect(checked).toBeGreaterThanOrEqual(600)
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  expect(server.logs.filter((line) => line.level === 'error')).toEqual([])
}, 120_000)

const nearlySignIn = fc.record(
  {
    username: fc.oneof(fc.jsonValue(), fc.emailAddress(), fc.string({ maxLength: 300 })),
    password: fc.oneof(fc.jsonValue(), fc.string({ maxLength: 200 })),
    ['__proto__']: fc.jsonValue(),
  },
  { requiredKeys: [] },
)
const signInBody = fc.oneof(
  body,
  nearlySignIn.map((o) => encoder.encode(JSON.stringify(o))),
)

it('400 generated sign-in bodies get only 4xx JSON answers and never a session', async () => {
  await fc.assert(
    fc.asyncProperty(signInBody, contentType, async (bytes, type) => {
      const headers: Record<string, string> = type ? { 'Content-Type': type } : {}
      const response = await fetch(`${server.url}/api/auth/session`, {
        method: 'POST',
        headers,
        body: new Uint8Array(bytes),
      })
      const text = await response.text()
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      expect(response.headers.getSetCookie()).toEqual([])
      const answer = v.parse(ErrorSchema, JSON.parse(text))
      // No account exists with these credentials: a well-formed attempt is refused, not failed.
      const json = type.toLowerCase().startsWith('application/json')
      if (json && bytes.length <= 16 * 1024 && isJsonObjectTheSchemaAccepts(bytes, SignInSchema)) {
        expect(['invalid_credentials', 'rate_limited']).toContain(answer.error)
      }
    }),
    { numRuns: 400 },
  )
  expect(server.logs.filter((line) => line.level === 'error')).toEqual([])
}, 180_000)

it('300 generated session cookies are all refused with 401', async () => {
  const cookieValue = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.base64String({ maxLength: 100 }),
    fc.constant(''),
  )
  await fc.assert(
    fc.asyncProperty(cookieValue, async (value) => {
      const response = await fetch(`${server.url}/api/auth/session`, {
        headers: { Cookie: `coinvera_session=${encodeURIComponent(value)}` },
      })
      expect(response.status).toBe(401)
      v.parse(ErrorSchema, await response.json())
    }),
    { numRuns: 300 },
  )
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
}, 120_000)
