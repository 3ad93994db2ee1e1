import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { server } from '../../../mocks/node'
import { postSignUp } from './sign-up'

afterEach(() => vi.restoreAllMocks())

describe('postSignUp', () => {
  it('posts exactly the sign-up fields as JSON to /api/auth', async () => {
    let captured: { url: string; contentType: string | null; body: unknown } | undefined
    server.use(
      http.post('*/api/auth', async ({ request }) => {
        captured = {
          url: request.url,
          contentType: request.headers.get('Content-Type'),
          body: await request.json(),
        }
        return HttpResponse.json(
          {
            id: 'a1',
            name: 'Ada',
            email: 'ada@example.com',
            phoneNumber: '+44 20 7946 0958',
            createdAt: '2026-11-23T10:00:00.000Z',
          },
          { status: 201 },
        )
      }),
    )
    vi.spyOn(console, 'info').mockImplementation(() => {})
    await postSignUp({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
      phoneNumber: '+44 20 7946 0958',
    })
    expect(captured?.url).toBe('http://localhost:3000/api/auth')
    expect(captured?.contentType).toMatch(/^application\/json/)
    expect(captured?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
      phoneNumber: '+44 20 7946 0958',
    })
  })

  it('logs the response body and never the password', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const account = await postSignUp({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'correct horse battery',
    })
    expect(info).toHaveBeenCalledWith('Signed up', account)
    expect(JSON.stringify(info.mock.calls)).not.toContain('correct horse battery')
  })

  it('surfaces the server field messages of a 400', async () => {
    server.use(
      http.post('*/api/auth', () =>
        HttpResponse.json(
          {
            error: 'validation_failed',
            message: 'Check the form.',
            issues: [{ field: 'email', message: 'Bad email.' }],
          },
          { status: 400 },
        ),
      ),
    )
    await expect(
      postSignUp({ name: 'A', email: 'a@b.co', password: 'long enough pass' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      issues: [{ field: 'email', message: 'Bad email.' }],
    })
  })
})
