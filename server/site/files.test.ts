import { describe, expect, it } from 'vitest'
import { acceptedEncodings } from './files'

describe('acceptedEncodings', () => {
  it('reads Accept-Encoding, where q=0 refuses an encoding', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(
      new Set(['gzip', 'deflate', 'br', 'zstd']),
    )
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(new Set(['gzip']))
    expect(acceptedEncodings('*')).toEqual(new Set(['*', 'gzip']))
    expect(acceptedEncodings(undefined)).toEqual(new Set())
  })
})
