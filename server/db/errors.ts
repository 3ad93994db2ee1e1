/** The database cannot be reached right now: a 503 for the caller, not a 500. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the database is unavailable', { cause })
    this.name = 'DatabaseUnavailableError'
  }
}

// Network failures, and PostgreSQL's connection-exception (08) and shutdown (57P0x) classes.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = 'code' in error && typeof error.code === 'string' ? error.code : ''
  return (
    UNAVAILABLE_CODES.has(code) ||
    code.startsWith('08') ||
    code.startsWith('57P0') ||
    /Connection terminated|timeout exceeded when trying to connect/.test(error.message)
  )
}
