import * as v from 'valibot'
import {
  PORTFOLIO_MAX,
  type Transaction,
  type TransactionInput,
  TransactionInputSchema,
} from '@contract/portfolio'
import { newRefusals } from './holdings'

/**
 * The portfolio's one CSV format (RFC 4180: comma-separated, `"` quotes a field, `""` inside
 * one, CRLF between rows, UTF-8), a header row then one transaction a row:
 *
 *     type,coin,quantity,price,currency,date,fee,note
 *     buy,bitcoin,0.5,61250.5,usd,2026-11-28T14:05:00.000Z,1.5,first buy
 *
 * `type` is buy, sell, transfer_in or transfer_out; `coin` a CoinGecko id; amounts are plain
 * decimals (a point, no grouping, no exponent); `price` is empty for a transfer without one;
 * `date` is ISO 8601 with its offset.
 */
export const CSV_HEADER = ['type', 'coin', 'quantity', 'price', 'currency', 'date', 'fee', 'note']

// A spreadsheet would run a cell starting with one of these as a formula: such a note is written
// with a leading apostrophe, which an import takes off again (and so is one starting with an
// apostrophe, so that it reads back as it was).
const ESCAPED_START = /^[=+\-@\t\r']/

const quote = (field: string) =>
  /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field

/** The transactions as CSV, oldest first as given. */
export function toCsv(transactions: readonly (Transaction | TransactionInput)[]): string {
  const rows = transactions.map((t) => [
    t.type,
    t.coinId,
    t.quantity,
    t.price ?? '',
    t.currency,
    t.at,
    t.fee,
    ESCAPED_START.test(t.note) ? `'${t.note}` : t.note,
  ])
  return `${[CSV_HEADER, ...rows].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`
}

type Row = { line: number; fields: string[] }

/** RFC 4180 rows, each with the line it starts on; a quoted field may span lines. */
function parseRows(text: string): Row[] | { line: number; reason: string } {
  const rows: Row[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let start = 1
  let i = 0
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const endRow = () => {
    fields.push(field)
    if (fields.length > 1 || fields[0] !== '') rows.push({ line: start, fields })
    fields = []
    field = ''
  }
  while (i < body.length) {
    const char = body[i]
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"'
        i += 2
        continue
      }
      if (char === '"') quoted = false
      else {
        if (char === '\n') line += 1
        field += char
      }
      i += 1
      continue
    }
    if (char === '"' && field === '') quoted = true
    else if (char === ',') {
      fields.push(field)
      field = ''
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && body[i + 1] === '\n') i += 1
      endRow()
      line += 1
      start = line
    } else field += char
    i += 1
  }
  if (quoted) return { line: start, reason: 'A quoted field is not closed.' }
  if (field !== '' || fields.length > 0) endRow()
  return rows
}

export type CsvRefusal = { line: number; reason: string }
export type CsvImport =
  | { ok: true; transactions: TransactionInput[] }
  | { ok: false; refused: CsvRefusal[] }

/**
 * The transactions a CSV file holds, to add to `existing`. All or nothing: any row refused (its
 * shape, a sell past the holding at its date, room past the portfolio's cap), and every refused
 * row is listed with its line and why.
 */
export function fromCsv(text: string, existing: readonly Transaction[] = []): CsvImport {
  const parsed = parseRows(text)
  if (!Array.isArray(parsed)) return { ok: false, refused: [parsed] }
  const [header, ...rows] = parsed
  const names = header?.fields.map((name) => name.trim().toLowerCase())
  if (!names || names.join(',') !== CSV_HEADER.join(',')) {
    return {
      ok: false,
      refused: [
        { line: header?.line ?? 1, reason: `The first row must be: ${CSV_HEADER.join(',')}` },
      ],
    }
  }
  const refused: CsvRefusal[] = []
  const read: { line: number; input: TransactionInput }[] = []
  for (const { line, fields } of rows) {
    if (fields.length !== CSV_HEADER.length) {
      refused.push({
        line,
        reason: `${fields.length} fields; a row has ${CSV_HEADER.length}.`,
      })
      continue
    }
    const [type, coinId, quantity, price, currency, at, fee, note = ''] = fields
    const result = v.safeParse(TransactionInputSchema, {
      type: type?.trim(),
      coinId: coinId?.trim(),
      quantity,
      price: price?.trim() === '' ? null : price,
      currency: currency?.trim().toLowerCase(),
      at: at?.trim(),
      fee: fee?.trim() === '' ? undefined : fee,
      note: note.startsWith("'") && ESCAPED_START.test(note.slice(1)) ? note.slice(1) : note,
    })
    if (result.success) read.push({ line, input: result.output })
    else {
      const issue = result.issues[0]
      const key = issue.path?.[0]?.key
      const column = typeof key === 'string' ? CSV_HEADER[columnOf(key)] : undefined
      refused.push({ line, reason: column ? `${column}: ${issue.message}` : issue.message })
    }
  }
  if (refused.length === 0) {
    const room = PORTFOLIO_MAX - existing.length
    for (const { line } of read.slice(Math.max(0, room))) {
      refused.push({ line, reason: `The portfolio holds ${PORTFOLIO_MAX} transactions at most.` })
    }
  }
  if (refused.length === 0) {
    // Ids for the check alone; the store gives the real ones.
    const byId = new Map<string, number>()
    const added = read.map(({ line, input }): Transaction => {
      const id = `00000000-0000-4000-8000-${String(line).padStart(12, '0')}`
      byId.set(id, line)
      return { id, ...input }
    })
    const before = new Map(existing.map((t) => [t.id, t] as const))
    for (const refusal of newRefusals(existing, [...existing, ...added])) {
      const line = byId.get(refusal.id)
      if (line !== undefined) {
        refused.push({ line, reason: 'It sells or moves out more than the holding at that date.' })
        continue
      }
      // A transaction already there would now sell past the holding: the first imported row of
      // its coin is the one to look at.
      const mine = before.get(refusal.id)
      const first = added.find((t) => t.coinId === mine?.coinId)
      if (mine && first) {
        refused.push({
          line: byId.get(first.id) ?? 1,
          reason: `With this file, your ${mine.type.replace('_', ' ')} of ${mine.quantity} ${mine.coinId} on ${mine.at} would be more than the holding.`,
        })
      }
    }
  }
  if (refused.length > 0) return { ok: false, refused: refused.sort((a, b) => a.line - b.line) }
  return { ok: true, transactions: read.map((entry) => entry.input) }
}

const COLUMNS: Record<string, string> = { coinId: 'coin', at: 'date' }
const columnOf = (key: string) => CSV_HEADER.indexOf(COLUMNS[key] ?? key)
