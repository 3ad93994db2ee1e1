import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '@contract/api-error'
import { ERROR_MESSAGES } from '@contract/error-messages'
import * as v from 'valibot'
import { ERROR_STATUS, errorResponse } from './errors'

/** The server's own modules, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('the error table', () => {
  it('gives every code a status and a text, and no code only one of them', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual(Object.keys(ERROR_MESSAGES).sort())
    for (const message of Object.values(ERROR_MESSAGES)) expect(message.trim()).not.toBe('')
  })

  it('covers every code the server answers with', () => {
    const used = new Set<string>()
    for (const file of sources(import.meta.dirname)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(/\b(?:apiError|errorResponse)\(\s*'([a-z_]+)'/g)) {
        used.add(match[1] as string)
      }
    }
    expect(used.size).toBeGreaterThan(10)
    expect([...used].filter((code) => !(code in ERROR_MESSAGES))).toEqual([])
  })

  it("answers each code with its status and the table's text", async () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const response = errorResponse(code as keyof typeof ERROR_STATUS)
      expect(response.status).toBe(status)
      const body = v.parse(ErrorBodySchema, await response.json())
      expect(body).toEqual({
        error: code,
        message: ERROR_MESSAGES[code as keyof typeof ERROR_STATUS],
      })
    }
  })
})
