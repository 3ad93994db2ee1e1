import { describe, expect, it } from 'vitest'
import { type PageItem, pagination } from './pagination'

/** The items as text: numbers, and … for a gap. */
const shown = (items: PageItem[]) =>
  items.map((item) => ('page' in item ? String(item.page) : '…')).join(' ')

describe('pagination', () => {
  it('shows the pages around the current one, the first and the last, with gaps', () => {
    const model = pagination(10, 20)
    expect(shown(model.items)).toBe('1 … 8 9 10 11 12 … 20')
    expect(model).toMatchObject({ prev: 9, next: 11 })
  })

  it('has no previous page on the first, no next on the last', () => {
    expect(pagination(1, 20)).toMatchObject({ prev: null, next: 2 })
    expect(shown(pagination(1, 20).items)).toBe('1 2 3 … 20')
    expect(pagination(20, 20)).toMatchObject({ prev: 19, next: null })
    expect(shown(pagination(20, 20).items)).toBe('1 … 18 19 20')
  })

  it('shows a single left-out page rather than a gap', () => {
    expect(shown(pagination(4, 20).items)).toBe('1 2 3 4 5 6 … 20')
    expect(shown(pagination(17, 20).items)).toBe('1 … 15 16 17 18 19 20')
    expect(shown(pagination(5, 20).items)).toBe('1 2 3 4 5 6 7 … 20')
    expect(shown(pagination(6, 20).items)).toBe('1 … 4 5 6 7 8 … 20')
  })

  it('lists every page of a short list, and one page alone', () => {
    expect(shown(pagination(2, 3).items)).toBe('1 2 3')
    expect(pagination(1, 1)).toEqual({ prev: null, next: null, items: [{ page: 1 }] })
  })

  it('keeps out-of-range input within the list', () => {
    expect(pagination(99, 20)).toMatchObject({ prev: 19, next: null })
    expect(pagination(0, 20)).toMatchObject({ prev: null, next: 2 })
    expect(pagination(3, 0)).toEqual({ prev: null, next: null, items: [{ page: 1 }] })
  })
})
