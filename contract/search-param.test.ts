import { describe, expect, it } from 'vitest'
import { routerQuery, searchParamFromUrl } from './search-param'

describe('routerQuery', () => {
  it('quotes a text that would read back as JSON, as the router writes it', () => {
    expect(routerQuery({ q: '0.5' })).toBe('q=%220.5%22')
    expect(routerQuery({ q: 'true', to: 'inr' })).toBe('q=%22true%22&to=inr')
    expect(routerQuery({ q: 'bitcoin cash' })).toBe('q=bitcoin+cash')
  })

  it('reads back, as the server reads an address, the text it was given', () => {
    for (const text of ['0.5', '42', 'null', 'bit', '"quoted"']) {
      const query = new URLSearchParams(routerQuery({ q: text }))
      expect(searchParamFromUrl(query.get('q') ?? undefined)).toBe(text)
    }
  })
})
