import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const VITE = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url))
const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 5_000

export type DevServer = {
  url: string
  /** What Vite wrote, so far. */
  output(): string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * `npm run dev:mock` as a developer runs it (Vite's dev server, MSW answering the API), on a
 * free loopback port; started within a minute or failed, and stopped by `stop()`.
 */
export async function startDevMock(): Promise<DevServer> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [VITE, '--mode', 'mock', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? root, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  running.add(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  void exited.then(() => running.delete(child))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
    await exited
    clearTimeout(timer)
  }

  let output = ''
  const url = `http://127.0.0.1:${port}`
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`vite did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
        START_TIMEOUT_MS,
      )
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes(url)) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout?.on('data', onData)
      child.stderr?.on('data', onData)
      void exited.then(() => {
        clearTimeout(timer)
        reject(new Error(`vite exited before listening:\n${output}`))
      })
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { url, output: () => output, stop }
}
