import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '@contract/currency'
import type { Transaction, TransactionInput } from '@contract/portfolio'
import { CSV_HEADER, fromCsv, toCsv } from './csv'

const buy: TransactionInput = {
  type: 'buy',
  coinId: 'bitcoin',
  quantity: '0.5',
  price: '61250.5',
  currency: 'usd',
  at: '2026-11-28T14:05:00.000Z',
  fee: '1.5',
  note: 'first buy, "cheap"\nsecond line',
}

const inputArb: fc.Arbitrary<TransactionInput> = fc
  .record({
    coinId: fc.constantFrom('bitcoin', 'ethereum', 'hive_dollar', '1move token', 'boringdao-[old]'),
    quantity: fc.bigInt({ min: 1n, max: 10n ** 20n - 1n }).map((n) => `${n}.${String(n % 97n)}1`),
    price: fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => `${n}`),
    currency: fc.constantFrom(...CURRENCIES),
    at: fc
      .integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((ms) => new Date(ms).toISOString()),
    fee: fc.constantFrom('0', '0.01', '12.5'),
    // Notes as typed: trimmed; commas, quotes, line breaks and formula signs included.
    note: fc
      .string({
        unit: fc.constantFrom('a', ',', '"', '\n', '=', '-', '@', ' ', 'é', "'"),
        maxLength: 12,
      })
      .map((s) => s.trim()),
  })
  .map((fields) => ({ type: 'buy' as const, ...fields }))

describe('CSV', () => {
  it('writes a header row, then one row a transaction', () => {
    const text = toCsv([buy])
    expect(text.split('\r\n')[0]).toBe(CSV_HEADER.join(','))
    expect(text).toContain(
      'buy,bitcoin,0.5,61250.5,usd,2026-11-28T14:05:00.000Z,1.5,"first buy, ""cheap""\nsecond line"',
    )
  })

  it('reads back what it wrote, whatever the notes hold', () => {
    fc.assert(
      fc.property(fc.array(inputArb, { maxLength: 20 }), (inputs) => {
        const result = fromCsv(toCsv(inputs))
        expect(result).toEqual({ ok: true, transactions: inputs })
      }),
    )
  })

  it('keeps a note that looks like a formula from running in a spreadsheet, and reads it back', () => {
    const text = toCsv([{ ...buy, note: '=HYPERLINK("x")' }])
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    const result = fromCsv(text)
    expect(result.ok && result.transactions[0]?.note).toBe('=HYPERLINK("x")')
  })

  it('reads a file from a spreadsheet: a byte-order mark, LF line ends, an empty fee and price', () => {
    const text =
      '\uFEFFType,Coin,Quantity,Price,Currency,Date,Fee,Note\n' +
      'transfer_in,ethereum,2,,EUR,2026-01-01T00:00:00Z,,\n'
    expect(fromCsv(text)).toEqual({
      ok: true,
      transactions: [
        {
          type: 'transfer_in',
          coinId: 'ethereum',
          quantity: '2',
          price: null,
          currency: 'eur',
          at: '2026-01-01T00:00:00Z',
          fee: '0',
          note: '',
        },
      ],
    })
  })

  it('imports nothing when a row is refused, and names every refused row by line and reason', () => {
    const text = [
      CSV_HEADER.join(','),
      'buy,bitcoin,1,100,usd,2026-01-01T00:00:00Z,0,"a note',
      'over two lines"',
      'buy,bitcoin,-1,100,usd,2026-01-01T00:00:00Z,0,',
      'buy,bitcoin,1,100,xyz,2026-01-01T00:00:00Z,0,',
      'sell,bitcoin,1,,usd,2026-01-01T00:00:00Z,0,',
      'buy,bitcoin,1,100,usd,yesterday,0,',
      'buy,bitcoin,1,100',
      'buy,bitcoin,1,100,usd,2026-01-01T00:00:00Z,0,fine',
    ].join('\n')
    expect(fromCsv(text)).toEqual({
      ok: false,
      refused: [
        { line: 4, reason: 'quantity: Enter a quantity as a number, such as 0.25.' },
        { line: 5, reason: 'currency: Choose one of the offered currencies.' },
        { line: 6, reason: 'price: Enter the price per coin of a buy or a sell.' },
        { line: 7, reason: 'date: Enter a date and time, such as 2026-11-28T14:05:00Z.' },
        { line: 8, reason: '4 fields; a row has 8.' },
      ],
    })
  })

  it('refuses a sell past the holding at its date, counting what the portfolio holds', () => {
    const held: Transaction = { id: '6f1f7a8e-8d2a-4c1e-9a3b-2b7c0c1d2e3f', ...buy }
    const sell = (quantity: string, at: string) => `sell,bitcoin,${quantity},70000,usd,${at},0,`
    const header = CSV_HEADER.join(',')
    // Half a coin held since 28 November: selling it after is fine, before or more is not.
    expect(fromCsv(`${header}\n${sell('0.5', '2026-11-29T00:00:00Z')}\n`, [held]).ok).toBe(true)
    expect(fromCsv(`${header}\n${sell('0.5', '2026-11-01T00:00:00Z')}\n`, [held])).toEqual({
      ok: false,
      refused: [{ line: 2, reason: 'It sells or moves out more than the holding at that date.' }],
    })
    expect(fromCsv(`${header}\n${sell('0.6', '2026-11-29T00:00:00Z')}\n`, [held]).ok).toBe(false)
  })

  it('refuses a file without the header row', () => {
    expect(fromCsv('buy,bitcoin,1,100,usd,2026-01-01T00:00:00Z,0,\n')).toEqual({
      ok: false,
      refused: [{ line: 1, reason: `The first row must be: ${CSV_HEADER.join(',')}` }],
    })
  })
})
