import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useTokenPage } from './use-token-page'

const CODES = ['invalid_token', 'rate_limited'] as const
const TOKEN = 'a'.repeat(43)

describe('useTokenPage', () => {
  it('holds a whole token and knows the codes its page lists', () => {
    const { result } = renderHook(() =>
      useTokenPage({ token: TOKEN, returned: 'rate_limited' }, CODES, 'done'),
    )
    expect(result.current).toMatchObject({
      held: TOKEN,
      problem: 'rate_limited',
      linkDoesNotWork: false,
    })
  })

  it('treats a token cut short like none: once hydrated, the link does not work', () => {
    const { result } = renderHook(() => useTokenPage({ token: TOKEN.slice(1) }, CODES, 'done'))
    expect(result.current.held).toBeNull()
    expect(result.current.linkDoesNotWork).toBe(true)
    expect(result.current.expired).toBe(false)
  })

  it("says expired when the server answered invalid_token, and ignores codes it doesn't list", () => {
    const expired = renderHook(() =>
      useTokenPage({ token: TOKEN, returned: 'invalid_token' }, CODES, 'done'),
    ).result.current
    expect(expired).toMatchObject({ expired: true, linkDoesNotWork: true })
    const unknown = renderHook(() =>
      useTokenPage({ token: TOKEN, returned: 'made_up' }, CODES, 'done'),
    ).result.current
    expect(unknown.problem).toBeUndefined()
  })

  it('is finished by ?done= with its code, or once the page says so', () => {
    expect(
      renderHook(() => useTokenPage({ token: null, done: 'done' }, CODES, 'done')).result.current
        .finished,
    ).toBe(true)
    const { result } = renderHook(() => useTokenPage({ token: TOKEN }, CODES, 'done'))
    expect(result.current.finished).toBe(false)
    act(() => result.current.finish())
    expect(result.current.finished).toBe(true)
  })
})
