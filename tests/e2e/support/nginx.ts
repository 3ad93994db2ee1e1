import { execFile, spawn } from 'node:child_process'
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../../server/helpers/process'

const run = promisify(execFile)
const DEPLOY_CONF = new URL('../../../deploy/nginx.conf', import.meta.url)
const START_TIMEOUT_MS = 10_000

/** Debian's nginx, or null when the package is not installed. */
export function findNginx(): string | null {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? null
}

export type Nginx = {
  /** Where clients reach it: http://127.0.0.1:<port>. */
  url: string
  output(): string
  stop(): Promise<void>
}

// A line of deploy/nginx.conf changed for the test; a missing one means the file changed shape.
function replaceOnce(text: string, pattern: RegExp, by: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf has no ${pattern}`)
  return text.replace(pattern, by)
}

/**
 * The project's own deploy/nginx.conf, with only what a test must change: its instances, a free
 * loopback port, and its pid, logs, cache and temporary files in a folder of its own. `bind` is
 * the address nginx connects to the instances from (their TRUST_PROXY).
 */
export function testConfig(options: {
  dir: string
  port: number
  instances: string[]
  bind: string
}) {
  const { dir, port, instances, bind } = options
  let conf = readFileSync(DEPLOY_CONF, 'utf8')
  conf = replaceOnce(conf, /^worker_processes auto;$/m, 'worker_processes 1;')
  conf = replaceOnce(conf, /^pid .*;$/m, `pid ${dir}/nginx.pid;`)
  conf = replaceOnce(conf, /^error_log .*;$/m, `error_log ${dir}/error.log warn;`)
  conf = replaceOnce(conf, /^ {2}access_log .*;$/m, `  access_log ${dir}/access.log;`)
  conf = replaceOnce(
    conf,
    /^http \{$/m,
    `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `  ${kind}_temp_path ${dir}/${kind}-temp;`)
      .join('\n')}`,
  )
  conf = replaceOnce(
    conf,
    /(^ {4}server 127\.0\.0\.1:\d+ .*;\n)+/m,
    instances.map((address) => `    server ${address} max_fails=1 fail_timeout=10s;\n`).join(''),
  )
  conf = replaceOnce(conf, /\/var\/cache\/nginx\/coinvera/, `${dir}/cache`)
  conf = replaceOnce(
    conf,
    /^ {4}listen 80;\n {4}listen \[::\]:80;$/m,
    `    listen 127.0.0.1:${port};\n    proxy_bind ${bind};`,
  )
  return conf
}

/**
 * nginx as an unprivileged process (as root, the `nobody` user), in the foreground, on a free
 * loopback port; it stops with the test file and leaves nothing behind.
 */
export async function startNginx(
  binary: string,
  options: { instances: string[]; bind: string },
): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'coinvera-nginx-'))
  const port = await freePort()
  writeFileSync(join(dir, 'nginx.conf'), testConfig({ dir, port, ...options }))
  mkdirSync(join(dir, 'cache'))
  let ids: { uid: number; gid: number } | undefined
  if (userInfo().uid === 0) {
    const uid = Number((await run('id', ['-u', 'nobody'])).stdout.trim())
    const gid = Number((await run('id', ['-g', 'nobody'])).stdout.trim())
    for (const path of [dir, join(dir, 'nginx.conf'), join(dir, 'cache')]) chownSync(path, uid, gid)
    ids = { uid, gid }
  }
  const child = spawn(
    binary,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'], ...ids },
  )
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  process.once('exit', () => child.kill('SIGKILL'))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })
      .then((response) => response.ok)
      .catch(() => false)
    if (up) break
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop()
      throw new Error(`nginx did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, output: () => output, stop }
}
