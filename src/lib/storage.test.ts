import { afterEach, describe, expect, it, vi } from 'vitest'
import { storage } from './storage'

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
