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

/**
 * A statement the database refused, as it may be logged: the statement's name (its verb and
 * table) and the database's error code. Neither the parameters, which hold emails and password
 * hashes, nor the database's message, which can quote a value, are kept.
 */
export class QueryError extends Error {
  readonly statement: string
  readonly code: string

  constructor(statement: string, code: string) {
    super(`${statement} failed (${code})`)
    this.name = 'QueryError'
    this.statement = statement
    this.code = code
  }
}

/** `INSERT accounts`, `SELECT sessions`: what a statement does to which table, nothing typed. */
export function statementName(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL'
  const table = /\b(?:FROM|INTO|UPDATE|TABLE)\s+(\w+)/i.exec(sql)?.[1]
  return table ? `${verb} ${table}` : verb
}

/**
 * What a failed statement (or, without `sql`, a failed connection, whose error holds no values)
 * throws: unavailable (a 503), or a statement refused as a QueryError.
 */
export function queryFailure(error: unknown, sql?: string): unknown {
  if (isUnavailable(error)) return new DatabaseUnavailableError(error)
  if (sql === undefined) return error
  const code =
    error instanceof Error && 'code' in error && typeof error.code === 'string'
      ? error.code
      : 'unknown'
  return new QueryError(statementName(sql), code)
}
