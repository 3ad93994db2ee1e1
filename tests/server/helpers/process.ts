import { type ChildProcess, spawn } from 'node:child_process'
import { EventEmitter, once } from 'node:events'
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
  /**
   * Resolves once `check` accepts the output, checked as each chunk arrives; rejects if the
   * process closes its output first. Waits for as long as the test may run.
   */
  outputs(check: (output: string) => boolean, what: string): Promise<void>
  exited: Promise<number | null>
}

/** `server/index.ts` in a process of its own (its source, through tsx), with only this environment. */
export function runServer(env: Record<string, string>): ServerProcess {
  let output = ''
  const chunks = new EventEmitter().setMaxListeners(0)
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const append = (chunk: Buffer) => {
    output += chunk
    chunks.emit('chunk')
  }
  child.stdout.on('data', append)
  child.stderr.on('data', append)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  // 'close' comes after the last chunk of its output, unlike 'exit'.
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()))
  const outputs = async (check: (output: string) => boolean, what: string) => {
    while (!check(output)) {
      const more = await Promise.race([
        once(chunks, 'chunk').then(() => true),
        closed.then(() => false),
      ])
      if (!more && !check(output)) throw new Error(`the server closed before ${what}:\n${output}`)
    }
  }
  return { process: child, output: () => output, outputs, exited }
}
