import { HttpResponse, http } from 'msw'
import * as v from 'valibot'
import { fieldIssues, SignUpSchema } from '../../src/features/auth/schemas'

// The happy path of POST /api/auth, with the server's own validation rules.
export const authHandlers = [
  http.post('*/api/auth', async ({ request }) => {
    const result = v.safeParse(SignUpSchema, await request.json().catch(() => null))
    if (!result.success) {
      return HttpResponse.json(
        {
          error: 'validation_failed',
          message: 'Some fields need attention.',
          issues: fieldIssues(result.issues),
        },
        { status: 400 },
      )
    }
    const { name, email, phoneNumber } = result.output
    return HttpResponse.json(
      {
        id: crypto.randomUUID(),
        name,
        email,
        phoneNumber: phoneNumber ?? null,
        createdAt: new Date().toISOString(),
      },
      { status: 201 },
    )
  }),
]
