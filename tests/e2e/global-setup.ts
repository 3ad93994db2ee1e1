import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's private copy of the built site (dist/client). */
    clientDir: string
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const BUILT = join(root, 'dist/client')

/**
 * The suite tests the site as users get it: the production build, prerendered pages included.
 * Build once per run (E2E_SKIP_BUILD=1 says dist/ is already fresh), then test a private copy:
 * others may rebuild dist/ while the suite runs.
 */
export default function setup(project: TestProject): () => void {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const result = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 200_000,
      // Vitest sets NODE_ENV=test; inherited, it would give React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    })
    if (result.status !== 0) {
      throw new Error(
        `npm run build failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`,
      )
    }
  }
  if (!existsSync(join(BUILT, 'index.html'))) {
    throw new Error(`${BUILT}/index.html is missing: run \`npm run build\`.`)
  }
  const copy = mkdtempSync(join(tmpdir(), 'coinvera-e2e-site-'))
  const clientDir = join(copy, 'client')
  cpSync(BUILT, clientDir, { recursive: true })
  const assets = join(clientDir, 'assets')
  for (const file of readdirSync(assets)) {
    if (!file.endsWith('.js')) continue
    if (readFileSync(join(assets, file), 'utf8').includes('Hydration failed because the server')) {
      rmSync(copy, { recursive: true, force: true })
      throw new Error(
        `dist/client holds React's development build (${file}): rebuild with NODE_ENV unset.`,
      )
    }
  }
  project.provide('clientDir', clientDir)
  return () => rmSync(copy, { recursive: true, force: true })
}
