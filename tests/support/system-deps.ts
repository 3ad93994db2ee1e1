import { describe, it } from 'vitest'

/** A program from outside node_modules that a suite starts (Debian's PostgreSQL, nginx). */
export type SystemDep = {
  /** As a reader names it: "PostgreSQL". */
  name: string
  /** Where it was found, or null when this machine lacks it. */
  path: string | null
}

/** What to do with a suite, given what this machine has. */
export type Plan = { run: true } | { run: false; fail: boolean; why: string }

/** Whether this run is CI's: `CI` set as CI services set it (`true`, or `1`). */
export function onCi(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI?.trim().toLowerCase()
  return value === 'true' || value === '1'
}

/**
 * The rule for a suite that needs programs this machine may lack: with them all, it runs.
 * Without one it cannot, and says why: on CI (`CI=true`) that is a failure, so a missing program
 * never shows green; elsewhere the suite is skipped.
 */
export function planFor(needs: SystemDep[], env: NodeJS.ProcessEnv): Plan {
  const missing = needs.filter((need) => need.path === null).map((need) => need.name)
  if (missing.length === 0) return { run: true }
  const why = `${missing.join(' and ')} missing (run \`bash scripts/ensure-system-deps.sh\`)`
  return { run: false, fail: onCi(env), why }
}

/** `describe`, following `planFor`: the suite, one failing test in its place, or a named skip. */
export function describeWith(needs: SystemDep[], name: string, suite: () => void): void {
  const plan = planFor(needs, process.env)
  if (plan.run) {
    describe(name, suite)
  } else if (plan.fail) {
    describe(name, () => {
      it('has the programs it needs', () => {
        throw new Error(`${plan.why}; with CI=true every suite must run, none may be skipped`)
      })
    })
  } else {
    console.warn(`skipped "${name}": ${plan.why}`)
    describe.skip(`${name} (skipped: ${plan.why})`, suite)
  }
}
