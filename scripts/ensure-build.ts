// `npm start` runs this first (`prestart`): build the site and the server when the build is
// missing or older than its sources, so that `node dist/server/index.js` finds a current build.
// Comparing modification times is enough here: a fresh clone has no dist/, and any edit under
// the sources is newer than the last build.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// Each written last by its half of the build: present means that half finished.
const BUILD_OUTPUTS = ['dist/client/.build-manifest.json', 'dist/server/index.js']
const SOURCES = [
  'src',
  'public',
  'index.html',
  'server',
  'mocks',
  'scripts',
  'vite.config.ts',
  'vite.server.config.ts',
  'package.json',
  'package-lock.json',
]

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

/** When the older half of the build was made, or null when either is missing. */
function builtAt(): number | null {
  try {
    return Math.min(...BUILD_OUTPUTS.map((path) => statSync(join(root, path)).mtimeMs))
  } catch {
    return null
  }
}

const built = builtAt()
const sources = Math.max(...SOURCES.map((path) => newestMtime(join(root, path))))
if (built === null || built < sources) {
  process.stdout.write(
    built === null ? 'No build found: building…\n' : 'Sources changed: rebuilding…\n',
  )
  // `npm run build` is the one definition of the build.
  const npm = process.env.npm_execpath
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    process.stderr.write('The build failed; see the output above.\n')
    process.exit(result.status ?? 1)
  }
}
