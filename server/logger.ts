import { writeSync } from 'node:fs'

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
type Fields = Record<string, unknown>
export type Logger = Record<Exclude<LogLevel, 'silent'>, (msg: string, fields?: Fields) => void>

function serialize(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack }
  }
  return value
}

/** Lines gathered this far: more than this and they are written at once. */
const MAX_PENDING_LINES = 256

/**
 * A line writer that gathers the lines of one event-loop turn and writes them together on the
 * next (or once `maxLines` are waiting). Node writes stdout synchronously to files and pipes, so
 * one write per request would cost more than the request itself.
 */
export function batchedWriter(
  sink: (chunk: string) => void,
  maxLines = MAX_PENDING_LINES,
): { write: (line: string) => void; flush: () => void } {
  let pending: string[] = []
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending.length === 0) return
    const chunk = `${pending.join('\n')}\n`
    pending = []
    sink(chunk)
  }
  const write = (line: string) => {
    pending.push(line)
    if (pending.length >= maxLines) flush()
    else if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
  return { write, flush }
}

let stdoutWriter: ((line: string) => void) | undefined

/** One batched writer per process; what is still waiting is written when the process exits. */
function stdoutLines(): (line: string) => void {
  if (!stdoutWriter) {
    // On 'exit' only synchronous work runs: write straight to the file descriptor.
    let sink: (chunk: string) => unknown = (chunk) => process.stdout.write(chunk)
    const lines = batchedWriter((chunk) => sink(chunk))
    process.on('exit', () => {
      sink = (chunk) => writeSync(1, chunk)
      lines.flush()
    })
    stdoutWriter = lines.write
  }
  return stdoutWriter
}

let lastMs = 0
let lastIso = ''
/** The current time in ISO form, formatted once per millisecond however many lines share it. */
function isoNow(): string {
  const ms = Date.now()
  if (ms !== lastMs) {
    lastMs = ms
    lastIso = new Date(ms).toISOString()
  }
  return lastIso
}

/** One JSON object per line on stdout, the format log collectors parse without configuration. */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = stdoutLines(),
): Logger {
  const threshold = LOG_LEVELS.indexOf(level)
  const at = (name: Exclude<LogLevel, 'silent'>) => {
    if (LOG_LEVELS.indexOf(name) < threshold) return () => {}
    return (msg: string, fields?: Fields) => {
      const entry: Fields = { time: isoNow(), level: name, msg }
      if (fields) for (const key of Object.keys(fields)) entry[key] = serialize(fields[key])
      write(JSON.stringify(entry))
    }
  }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
