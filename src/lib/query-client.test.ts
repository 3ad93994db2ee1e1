import { describe, expect, it } from 'vitest'
import { ApiError } from './http'
import { retryDelay, shouldRetry } from './query-client'

const error = (status: number, code = 'x', retryAfterMs: number | null = null) =>
  new ApiError({ status, code, message: 'm', retryAfterMs })

describe('shouldRetry', () => {
  it('retries network failures, 429 and 5xx up to three times', () => {
    expect(shouldRetry(0, error(0, 'network_error'))).toBe(true)
    expect(shouldRetry(1, error(429))).toBe(true)
    expect(shouldRetry(2, error(503))).toBe(true)
    expect(shouldRetry(3, error(503))).toBe(false)
  })
  it('never retries what will fail again', () => {
    expect(shouldRetry(0, error(400))).toBe(false)
    expect(shouldRetry(0, error(404))).toBe(false)
    expect(shouldRetry(0, error(0, 'invalid_response'))).toBe(false)
    expect(shouldRetry(0, new Error('bug'))).toBe(false)
  })
})

describe('retryDelay', () => {
  it('backs off exponentially up to 30 s', () => {
    expect(retryDelay(0, error(503))).toBe(1000)
    expect(retryDelay(1, error(503))).toBe(2000)
    expect(retryDelay(2, error(503))).toBe(4000)
    expect(retryDelay(10, error(503))).toBe(30_000)
  })
  it('waits exactly what Retry-After asks for', () => {
    expect(retryDelay(0, error(429, 'x', 120_000))).toBe(120_000)
  })
})
