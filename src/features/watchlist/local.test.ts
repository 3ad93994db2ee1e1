import { describe, expect, it, vi } from 'vitest'
import { WATCHLIST_MAX } from '@contract/watchlist'
import { addLocal, readLocal, removeLocal, replaceLocal, subscribeLocal } from './local'

const KEY = 'coinvera-watchlist'
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null')

describe('the browser-kept watchlist', () => {
  it('keeps coins by id, in the order starred, once each', () => {
    expect(readLocal()).toEqual([])
    addLocal('bitcoin')
    addLocal('ethereum')
    addLocal('bitcoin')
    expect(readLocal()).toEqual(['bitcoin', 'ethereum'])
    expect(stored()).toEqual({ coins: ['bitcoin', 'ethereum'] })
    removeLocal('bitcoin')
    expect(readLocal()).toEqual(['ethereum'])
    removeLocal('ethereum')
    // Empty: nothing left in storage.
    expect(localStorage.getItem(KEY)).toBeNull()
  })

  it('reads stored data through its schema: a bad id among good ones is dropped, junk is empty', () => {
    localStorage.setItem(KEY, JSON.stringify({ coins: ['bitcoin', 'bad\u0000id', 42, 'tether'] }))
    expect(readLocal()).toEqual(['bitcoin', 'tether'])
    localStorage.setItem(KEY, '{"coins": "bitcoin"}')
    expect(readLocal()).toEqual([])
    localStorage.setItem(KEY, 'not json')
    expect(readLocal()).toEqual([])
    // Writing over junk works.
    addLocal('solana')
    expect(stored()).toEqual({ coins: ['solana'] })
  })

  it('two tabs starring different coins keep both: each change reads the list again first', () => {
    addLocal('bitcoin')
    // Another tab, with its own copy of the list, adds a coin meanwhile.
    localStorage.setItem(KEY, JSON.stringify({ coins: ['bitcoin', 'ethereum'] }))
    addLocal('tether')
    expect(stored()).toEqual({ coins: ['bitcoin', 'ethereum', 'tether'] })
    // And removes one: this tab's next change keeps that too.
    localStorage.setItem(KEY, JSON.stringify({ coins: ['ethereum', 'tether'] }))
    addLocal('solana')
    expect(stored()).toEqual({ coins: ['ethereum', 'tether', 'solana'] })
  })

  it("hears the other tabs' changes (the storage event) and its own, and stops when told", () => {
    const listener = vi.fn()
    const stop = subscribeLocal(listener)
    addLocal('bitcoin')
    expect(listener).toHaveBeenCalledTimes(1)
    localStorage.setItem(KEY, JSON.stringify({ coins: ['bitcoin', 'ethereum'] }))
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }))
    expect(listener).toHaveBeenCalledTimes(2)
    expect(readLocal()).toEqual(['bitcoin', 'ethereum'])
    // Another key is someone else's business.
    window.dispatchEvent(new StorageEvent('storage', { key: 'coinvera-currency' }))
    expect(listener).toHaveBeenCalledTimes(2)
    stop()
    addLocal('tether')
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('follows another tab that removed the last coin, and keeps the list for the page when storage is full', () => {
    addLocal('bitcoin')
    // Another tab unstars it: the stored list is gone.
    localStorage.removeItem(KEY)
    expect(readLocal()).toEqual([])
    // Storage refuses writes: the page keeps its list, as long as it lives.
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    try {
      addLocal('ethereum')
      expect(readLocal()).toEqual(['ethereum'])
      expect(localStorage.getItem(KEY)).toBeNull()
    } finally {
      setItem.mockRestore()
    }
    // Storage takes the next write again.
    addLocal('tether')
    expect(stored()).toEqual({ coins: ['ethereum', 'tether'] })
  })

  it('returns the same list until it changes (a store snapshot React can compare)', () => {
    addLocal('bitcoin')
    expect(readLocal()).toBe(readLocal())
    replaceLocal(['bitcoin'])
    const before = readLocal()
    replaceLocal(['bitcoin', 'tether'])
    expect(readLocal()).not.toBe(before)
  })

  it(`holds ${WATCHLIST_MAX} coins at most, as an account does`, () => {
    const full = Array.from({ length: WATCHLIST_MAX }, (_, index) => `coin-${index}`)
    replaceLocal(full)
    expect(addLocal('one-more')).toBe(false)
    expect(readLocal()).toHaveLength(WATCHLIST_MAX)
    expect(addLocal('coin-3')).toBe(true)
  })
})
