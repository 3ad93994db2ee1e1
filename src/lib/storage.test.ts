import { afterEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { storage, storedList } from './storage'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
})

describe('storage', () => {
  it('reads back what it wrote, and removes a key written as null', () => {
    expect(storage.available()).toBe(true)
    expect(storage.write('k', 'v')).toBe(true)
    expect(storage.read('k')).toBe('v')
    expect(storage.write('k', null)).toBe(true)
    expect(storage.read('k')).toBeNull()
  })

  it('never throws when the browser refuses localStorage altogether', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    expect(storage.available()).toBe(false)
    expect(storage.read('k')).toBeNull()
    expect(storage.write('k', 'v')).toBe(false)
    expect(storage.write('k', null)).toBe(false)
  })

  it('says a write was not kept when storage is full, and reads stay safe', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError')
    })
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    expect(storage.available()).toBe(true)
    expect(storage.write('k', 'v')).toBe(false)
    expect(storage.read('k')).toBeNull()
  })
})

describe('storedList', () => {
  const Item = v.pipe(v.number(), v.integer())
  const list = () => storedList({ key: 'list', field: 'items', item: Item, max: 3 })

  it('keeps its items under its field, repeats too, and at most `max` of them', () => {
    const items = list()
    expect(items.read()).toBe(items.none)
    expect(items.write([1, 1, 2])).toBe(true)
    expect(JSON.parse(storage.read('list') ?? 'null')).toEqual({ items: [1, 1, 2] })
    window.localStorage.setItem('list', JSON.stringify({ items: [1, 'two', 3, 4, 5] }))
    expect(items.read()).toEqual([1, 3, 4])
    // A list kept in another shape is empty, and written over.
    window.localStorage.setItem('list', JSON.stringify({ other: [1] }))
    expect(items.read()).toEqual([])
    items.write([])
    expect(storage.read('list')).toBeNull()
  })

  it('drops repeats when told, keeping the first', () => {
    const items = storedList({ key: 'list', field: 'items', item: Item, max: 3, unique: true })
    window.localStorage.setItem('list', JSON.stringify({ items: [2, 1, 2, 1, 3, 4] }))
    expect(items.read()).toEqual([2, 1, 3])
  })

  it('says when the browser keeps the list for this page only', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    const items = list()
    expect(items.write([7])).toBe(false)
    expect(items.read()).toEqual([7])
  })
})
