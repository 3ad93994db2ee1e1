import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

// A new PGlite data directory costs ~4 s (initdb); a copy of a pristine one costs ~0.2 s. The
// template is made once per machine and version, then copied for every test database.
const { version } = JSON.parse(
  readFileSync(
    new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
    'utf8',
  ),
)
const TEMPLATE = join(tmpdir(), `coinvera-pglite-template-${version}`)

async function ensureTemplate(): Promise<void> {
  if (existsSync(join(TEMPLATE, 'PG_VERSION'))) return
  const building = mkdtempSync(join(tmpdir(), 'coinvera-pglite-building-'))
  const db = await PGlite.create(building)
  await db.close()
  try {
    renameSync(building, TEMPLATE)
  } catch {
    // Another test worker made it first; theirs is as good as ours.
    rmSync(building, { recursive: true, force: true })
  }
}

/** A temporary DATA_DIR holding a fresh, empty PGlite database where the server looks for it. */
export async function freshDataDir(): Promise<string> {
  await ensureTemplate()
  const dir = mkdtempSync(join(tmpdir(), 'coinvera-test-db-'))
  // cp(1), not fs.cpSync: its 971 files cost 40 ms of CPU so, 133 ms with cpSync (one copy each),
  // and every test database and e2e server starts from one.
  execFileSync('cp', ['-r', TEMPLATE, join(dir, 'pglite')])
  return dir
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}
