import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
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
  cpSync(TEMPLATE, join(dir, 'pglite'), { recursive: true })
  return dir
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}
