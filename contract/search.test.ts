import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { SearchApiQuerySchema, SearchQuerySchema } from './search'
import { SearchPageSchema, searchParamFromUrl } from './search-param'

describe('SearchQuerySchema', () => {
  it('takes 1 to 50 characters, trimmed', () => {
    expect(v.parse(SearchQuerySchema, '  eth ')).toBe('eth')
    expect(v.parse(SearchQuerySchema, 'a'.repeat(50))).toBe('a'.repeat(50))
    expect(v.parse(SearchQuerySchema, 'Ēthéreum $PEPE')).toBe('Ēthéreum $PEPE')
  })

  it('refuses nothing, blanks, 51 characters and control characters', () => {
    for (const bad of [
      '',
      '   ',
      'a'.repeat(51),
      'bit\u0000coin',
      'bit\ncoin',
      'bit\u007fcoin',
      'x\u0085',
    ]) {
      expect(v.is(SearchQuerySchema, bad), JSON.stringify(bad)).toBe(false)
    }
  })

  it('is the whole query string of the API: q once, nothing else', () => {
    expect(v.is(SearchApiQuerySchema, { q: 'btc' })).toBe(true)
    expect(v.is(SearchApiQuerySchema, { q: 'btc', page: '2' })).toBe(false)
    expect(v.is(SearchApiQuerySchema, {})).toBe(false)
  })
})

describe("the /search page's ?q=", () => {
  it('reads back what was typed, as the router and the server read it', () => {
    expect(v.parse(SearchPageSchema, { q: 42 })).toEqual({ q: '42' })
    expect(v.parse(SearchPageSchema, {})).toEqual({ q: undefined })
    expect(v.parse(SearchPageSchema, { q: ['x'] })).toEqual({ q: undefined })
    expect(searchParamFromUrl('eth')).toBe('eth')
    expect(searchParamFromUrl('42')).toBe('42')
    expect(searchParamFromUrl('"42"')).toBe('42')
    expect(searchParamFromUrl(undefined)).toBeUndefined()
  })
})
