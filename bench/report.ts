export type Row = {
  figure: string
  measured: string
  budget: string
  /** null: reported for context, no budget. */
  pass: boolean | null
  value: number | null
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
export const ms = (value: number) => `${Math.round(value)} ms`

export function row(
  figure: string,
  value: number | null,
  measured: string,
  budget?: { text: string; ok: (value: number) => boolean },
): Row {
  return {
    figure,
    measured,
    budget: budget?.text ?? '',
    pass: budget && value !== null ? budget.ok(value) : null,
    value,
  }
}

export function table(rows: Row[]): string {
  const result = (r: Row) => (r.pass === null ? '' : r.pass ? 'pass' : 'MISS')
  const headers = ['Figure', 'Measured', 'Budget', 'Result']
  const cells = rows.map((r) => [r.figure, r.measured, r.budget, result(r)])
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)))
  const line = (c: string[]) => c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('-+-'), ...cells.map(line)].join(
    '\n',
  )
}
