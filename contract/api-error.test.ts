import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ErrorBodySchema, parseRetryAfter } from './api-error'

const now = Date.UTC(2026, 5, 1, 12, 0, 0) // Mon, 01 Jun 2026 12:00:00 GMT

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter(' 7 ', now)).toBe(7000)
  })

  it('reads an HTTP-date in each of the three forms, as UTC', () => {
    expect(parseRetryAfter('Mon, 01 Jun 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(parseRetryAfter('Monday, 01-Jun-26 12:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('Mon Jun  1 12:02:00 2026', now)).toBe(120_000)
    expect(parseRetryAfter('Tue Jun 16 12:00:00 2026', now)).toBe(15 * 86_400_000)
  })

  it('reads a two-digit year more than 50 years ahead as the past century', () => {
    // 1994: long past, so no wait at all.
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(0)
    expect(parseRetryAfter('Tuesday, 01-Jun-27 12:00:00 GMT', now)).toBe(365 * 86_400_000)
  })

  it('waits not at all for a date already past', () => {
    expect(parseRetryAfter('Sun, 31 May 2026 12:00:00 GMT', now)).toBe(0)
  })

  it.each([
    [null],
    [undefined],
    [''],
    ['soon'],
    ['-5'],
    ['1.5'],
    ['1e3'],
    ['0x10'],
    ['120 s'],
    // Not HTTP-dates, though Date.parse reads them (the last ones in local time).
    ['2026-06-01T12:00:30Z'],
    ['Mon, 01 Jun 2026 12:00:30'],
    ['Mon, 01 Jun 2026 12:00:30 CET'],
    ['mon, 01 jun 2026 12:00:30 GMT'],
    ['Mon, 31 Feb 2026 12:00:30 GMT'],
    ['Mon, 01 Jun 2026 24:00:30 GMT'],
  ])('ignores %j, which is neither form', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull()
  })
})

describe('ErrorBodySchema', () => {
  it('reads the error body, with or without field issues', () => {
    const body = {
      error: 'validation_failed',
      message: 'Some fields need attention.',
      issues: [{ field: 'email', message: 'Enter an email address.' }],
    }
    expect(v.parse(ErrorBodySchema, body)).toEqual(body)
    expect(v.is(ErrorBodySchema, { error: 'not_found', message: 'There is nothing here.' })).toBe(
      true,
    )
  })

  it('refuses anything else', () => {
    expect(v.is(ErrorBodySchema, { error: 'x' })).toBe(false)
    expect(v.is(ErrorBodySchema, { message: 'x' })).toBe(false)
    expect(v.is(ErrorBodySchema, { error: 'x', message: 'y', issues: [{ field: 'a' }] })).toBe(
      false,
    )
    expect(v.is(ErrorBodySchema, '<html>')).toBe(false)
  })
})
