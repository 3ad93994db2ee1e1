import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import type { TestServer } from './server'

const run = promisify(execFile)

/** Debian's PostgreSQL binaries (newest version), or null when the package is not installed. */
export function findPostgresBin(): string | null {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(base, versions[0], 'bin') : null
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

export type Postgres = {
  url: string
  /** Stops the server for good and removes its files. */
  stop(): Promise<void>
  /** Stops the server as a crash would (immediate), keeping its files and port for `up`. */
  down(): Promise<void>
  /** Starts it again after `down`, on the same data and port. */
  up(): Promise<void>
}

/**
 * A throwaway PostgreSQL server on 127.0.0.1 and a free port, its files and socket in a temporary
 * folder. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startPostgres(bin: string): Promise<Postgres> {
  const dir = mkdtempSync(join(tmpdir(), 'coinvera-pg-'))
  const data = join(dir, 'data')
  const asRoot = userInfo().uid === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { cwd: dir })
      : run(join(bin, tool), args, { cwd: dir })

  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  const port = await freePort()
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ')
  const start = () =>
    pg('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      options,
      '-w',
      '-t',
      '30',
      'start',
    ])
  const halt = () =>
    pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']).catch(() => undefined)
  await start()

  let stopped = false
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    down: async () => {
      await halt()
    },
    up: async () => {
      await start()
    },
    stop: async () => {
      if (!stopped) {
        stopped = true
        await halt()
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

// What the mail queue logs as a message leaves the outbox or is put back (server/mail/queue.ts).
const MAIL_ENDS = [
  'mail sent',
  'mail not sent; will try again',
  'mail dropped: it could not be sent',
  'mail dropped unsent: its content expired',
]

/**
 * Every queued message is sent and its send has ended: the outbox at `url` is read again after
 * each of the servers' sends ends, watched from before each read.
 */
export async function outboxEmpty(url: string, servers: readonly TestServer[]): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (;;) {
      const from = servers.map((server) => server.logs.length)
      if ((await client.query('SELECT 1 FROM mail_outbox')).rows.length === 0) return
      const ended = (line: Record<string, unknown>) => MAIL_ENDS.includes(String(line.msg))
      await Promise.race(servers.map((server, i) => server.logged(ended, from[i])))
    }
  } finally {
    await client.end()
  }
}
