import { type ChildProcess, spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'
import { freshDataDir, removeDir } from '../../server/helpers/pglite'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 8_000

export type SiteServer = {
  url: string
  /** Its DATA_DIR: the database and, without SMTP_URL, the mail outbox. */
  dataDir: string
  /** What the server wrote, for a failure message. */
  output(): string
  /** Resolves when the server writes a line, from now on, that `match` accepts. */
  nextLine(match: (line: string) => boolean): Promise<void>
  stop(): Promise<void>
  /** Ends the process as a crash would (SIGKILL), in-flight requests and all. */
  kill(): Promise<void>
}

const running = new Set<ChildProcess>()
// A test file that dies before its afterAll must not leave a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * The real server as `npm start` runs it (`node dist/server/index.js`, from the global setup's
 * private copy of the build) serving the built site on a free loopback port, with its own
 * PGlite database in a temporary folder (a copy of a pristine one: a new one took 2-5 s of the
 * start). It picks the port itself (PORT=0); the "listening" log line says which one.
 */
export async function startServer(env: Record<string, string>): Promise<SiteServer> {
  const dataDir = await freshDataDir()
  // --liftoff-only: V8 keeps PGlite's WebAssembly at its first, quick compile instead of
  // optimizing its hot functions in the background, which no short-lived test server repays: a
  // start took 2.7-3.3 s of CPU with it, 1.5-1.7 s without (to listening, then 3 s idle).
  const child = spawn(process.execPath, ['--liftoff-only', inject('serverEntry')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The global setup's private copy of the build.
      CLIENT_DIR: inject('clientDir'),
      // Info level only so the "listening" line arrives; the output stays in memory.
      LOG_LEVEL: 'info',
      SIGNUP_RATE_LIMIT: '1000',
      SIGNIN_RATE_LIMIT: '1000',
      SHUTDOWN_TIMEOUT_MS: '2000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  const waiters = new Set<{ from: number; match: (line: string) => boolean; done: () => void }>()
  const nextLine = (match: (line: string) => boolean) =>
    new Promise<void>((done) => {
      waiters.add({ from: output.length, match, done })
    })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  void exited.then(() => running.delete(child))

  const cleanUp = () => removeDir(dataDir)
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
    }
    cleanUp()
  }

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      for (const waiter of waiters) {
        if (!output.slice(waiter.from).split('\n').some(waiter.match)) continue
        waiters.delete(waiter)
        waiter.done()
      }
      const match = output.match(/^\{.*"url":"(http:\/\/[^"]+)".*"msg":"listening"\}$/m)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1].replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}) before listening:\n${output}`))
    })
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })

  await waitForHealth(url).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  const kill = async () => {
    child.kill('SIGKILL')
    await exited
    cleanUp()
  }
  return { url, dataDir, output: () => output, nextLine, stop, kill }
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  let last = ''
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (response.ok) return
      last = `status ${response.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url}/api/health never answered 200 (${last})`)
}
