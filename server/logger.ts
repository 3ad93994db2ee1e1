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

/** One JSON object per line on stdout, the format log collectors parse without configuration. */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const threshold = LOG_LEVELS.indexOf(level)
  const at =
    (name: Exclude<LogLevel, 'silent'>) =>
    (msg: string, fields: Fields = {}) => {
      if (LOG_LEVELS.indexOf(name) < threshold) return
      const entry: Fields = { time: new Date().toISOString(), level: name, msg }
      for (const [key, value] of Object.entries(fields)) entry[key] = serialize(value)
      write(JSON.stringify(entry))
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
