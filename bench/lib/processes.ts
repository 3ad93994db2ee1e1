import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'

export type Started = {
  name: string
  child: ChildProcess
  logFile: string
  /** Resolves when the process has exited, whatever the reason. */
  exited: Promise<number | null>
}

const running = new Set<Started>()
const cleanups = new Set<() => void>()

/** Something else to end with the processes (a browser launched by a library). */
export function onCleanup(fn: () => void): () => void {
  cleanups.add(fn)
  return () => cleanups.delete(fn)
}

/**
 * Starts a command in its own process group, output to a log file (a pipe nobody drains would
 * stall a busy server), and remembers it so `stopAll` can end it whatever happens.
 */
export function start(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; logFile: string; cwd?: string },
): Started {
  const fd = openSync(options.logFile, 'a')
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', fd, fd],
    detached: true,
  })
  closeSync(fd)
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', () => resolve(null))
  })
  const started: Started = { name, child, logFile: options.logFile, exited }
  running.add(started)
  void exited.then(() => running.delete(started))
  return started
}

/** SIGTERM to the whole group, SIGKILL if it is still there after `graceMs`. */
export async function stop(started: Started, graceMs = 5000): Promise<void> {
  const { child } = started
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name)
    } catch {
      // Already gone.
    }
  }
  signal('SIGTERM')
  const timer = setTimeout(() => signal('SIGKILL'), graceMs)
  await started.exited
  clearTimeout(timer)
}

export async function stopAll(): Promise<void> {
  for (const fn of cleanups) {
    try {
      fn()
    } catch {
      // Best effort: the rest must still be stopped.
    }
  }
  cleanups.clear()
  await Promise.all([...running].map((started) => stop(started)))
}

/** Last lines of a process's log, for an error message. */
export function logTail(started: Started, lines = 20): string {
  try {
    return readFileSync(started.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

/** Runs a command to completion within `timeoutMs`; rejects on failure or timeout. */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; logFile: string; timeoutMs: number },
): Promise<void> {
  const started = start(name, command, args, options)
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    void stop(started)
  }, options.timeoutMs)
  const code = await started.exited
  clearTimeout(timer)
  if (timedOut) {
    throw new Error(`${name} took longer than ${options.timeoutMs / 1000} s:\n${logTail(started)}`)
  }
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${logTail(started)}`)
}
