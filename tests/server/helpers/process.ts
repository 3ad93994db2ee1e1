import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

const ROOT = new URL('../../../', import.meta.url)

export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

export type ServerProcess = {
  process: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

/** `server/index.ts` in a process of its own (its source, through tsx), with only this environment. */
export function runServer(env: Record<string, string>): ServerProcess {
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { process: child, output: () => output, exited }
}

export async function waitFor(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
