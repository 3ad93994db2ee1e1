import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROME_PATH, TEST_CHROME_FLAGS } from '../../scripts/chromium'

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's private copy of the built site (dist/client). */
    clientDir: string
    /** This run's private copy of the built server (dist/server/index.js). */
    serverEntry: string
    /** The one Chromium every test file connects to (tests/e2e/support/browser.ts). */
    browserEndpoint: string
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const BUILT = join(root, 'dist/client')
const BUILT_SERVER = join(root, 'dist/server/index.js')

/**
 * The suite tests the site as users get it: the production build, prerendered pages included,
 * served by the built server. Build once per run (E2E_SKIP_BUILD=1 says dist/ is already fresh),
 * then test a private copy: others may rebuild dist/ while the suite runs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  for (const file of [join(BUILT, '.build-manifest.json'), BUILT_SERVER]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\`.`)
  }
  // Inside the project (.tmp/ is ignored by git), so that the server's copy finds node_modules.
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const copy = mkdtempSync(join(root, '.tmp', 'e2e-'))
  const clientDir = join(copy, 'client')
  cpSync(BUILT, clientDir, { recursive: true })
  cpSync(join(root, 'dist/server'), join(copy, 'server'), { recursive: true })
  // The route renderer, found beside the client's folder (server/site/pages.ts).
  cpSync(join(root, 'dist/prerender'), join(copy, 'prerender'), { recursive: true })
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
  project.provide('serverEntry', join(copy, 'server/index.js'))
  // In the log, so that a difference between machines shows (a failure seen on one Chromium only).
  const version = spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  console.log(`e2e: ${version.stdout.trim() || `no version from ${CHROME_PATH}`} (${CHROME_PATH})`)
  // One browser for the run, each file in its own contexts: a launch per file cost 1.2-1.7 s of
  // CPU, on a suite whose two cores are busy throughout.
  const browser = await chromium.launchServer({
    executablePath: CHROME_PATH,
    args: TEST_CHROME_FLAGS,
    timeout: 30_000,
  })
  project.provide('browserEndpoint', browser.wsEndpoint())
  return async () => {
    await browser.close()
    rmSync(copy, { recursive: true, force: true })
  }
}
