import { describe, expect, it } from 'vitest'
import { groupDigits } from './group-digits'

describe('groupDigits', () => {
  it('groups the whole part by thousands and keeps every decimal', () => {
    expect(groupDigits('4050000.123456789012345678')).toBe('4,050,000.123456789012345678')
    expect(groupDigits('999')).toBe('999')
    expect(groupDigits('1000')).toBe('1,000')
    expect(groupDigits('0.00000001')).toBe('0.00000001')
    expect(groupDigits('12345678901234567890')).toBe('12,345,678,901,234,567,890')
  })
})
