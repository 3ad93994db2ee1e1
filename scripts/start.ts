// `npm start`: build the site when the build is missing or older than its sources, then run the
// server in this same process. Comparing modification times is enough here: a fresh clone has no
// dist/, and any edit under src/ or public/ is newer than the last build.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const BUILD_OUTPUT = join(root, 'dist/client/index.html')
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts'].map((path) => join(root, path))

function newestMtime(path: string): number {
  let stat: ReturnType<typeof statSync>
  try {
    stat = statSync(path)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function builtAt(): number | null {
  try {
    return statSync(BUILD_OUTPUT).mtimeMs
  } catch {
    return null
  }
}

const built = builtAt()
const sources = Math.max(...SOURCES.map(newestMtime))
if (built === null || built < sources) {
  process.stdout.write(
    built === null ? 'No build found: building the site…\n' : 'Sources changed: rebuilding…\n',
  )
  // `npm run build` is the one definition of the build (bundle, then prerendered pages).
  const npm = process.env.npm_execpath
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    process.stderr.write('The site build failed; see the output above.\n')
    process.exit(result.status ?? 1)
  }
}

process.chdir(root)
await import('../server/index.ts')
