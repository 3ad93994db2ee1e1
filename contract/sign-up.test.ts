import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { fieldIssues } from './api-error'
import { SignUpSchema } from './sign-up'

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical engine' }

function errors(input: unknown) {
  const result = v.safeParse(SignUpSchema, input)
  return result.success ? [] : fieldIssues(result.issues).map((issue) => issue.field)
}

describe('SignUpSchema', () => {
  it('accepts a valid sign-up, trims text and drops unknown fields', () => {
    const output = v.parse(SignUpSchema, { ...valid, name: '  Ada  ', isAdmin: true })
    expect(output).toEqual({ ...valid, name: 'Ada' })
  })

  it('treats an empty phone number as none', () => {
    expect(v.parse(SignUpSchema, { ...valid, phoneNumber: '  ' }).phoneNumber).toBeUndefined()
  })

  it.each(['+44 20 7946 0958', '(555) 123-4567', '123456', '+12345678901234567890'])(
    'accepts the phone number %s',
    (phoneNumber) => expect(errors({ ...valid, phoneNumber })).toEqual([]),
  )

  it.each(['12345', '+123456789012345678901', '555-CALL-NOW', '++123456', '12 34 5'])(
    'refuses the phone number %s',
    (phoneNumber) => expect(errors({ ...valid, phoneNumber })).toEqual(['phoneNumber']),
  )

  it('needs a name of 1 to 100 characters after trimming', () => {
    expect(errors({ ...valid, name: '   ' })).toEqual(['name'])
    expect(errors({ ...valid, name: 'x'.repeat(100) })).toEqual([])
    expect(errors({ ...valid, name: 'x'.repeat(101) })).toEqual(['name'])
  })

  it('needs a valid email of at most 254 characters', () => {
    expect(errors({ ...valid, email: 'not-an-email' })).toEqual(['email'])
    expect(errors({ ...valid, email: `${'a'.repeat(245)}@example.com` })).toEqual(['email'])
  })

  it('needs a password of 8 to 128 characters with no composition rules', () => {
    expect(errors({ ...valid, password: 'short' })).toEqual(['password'])
    expect(errors({ ...valid, password: 'all lowercase words' })).toEqual([])
    expect(errors({ ...valid, password: 'x'.repeat(129) })).toEqual(['password'])
  })

  it('refuses a common password whatever its case', () => {
    expect(errors({ ...valid, password: 'Password123' })).toEqual(['password'])
    expect(errors({ ...valid, password: 'qwertyuiop' })).toEqual(['password'])
  })

  it('names every missing field', () => {
    expect(errors({})).toEqual(['name', 'email', 'password'])
  })
})
