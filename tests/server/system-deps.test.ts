import { describe, expect, it } from 'vitest'
import { planFor } from '../support/system-deps'

// The rule every suite that needs PostgreSQL or nginx follows (tests/support/system-deps.ts).

const postgres = { name: 'PostgreSQL', path: '/usr/lib/postgresql/16/bin' }
const noNginx = { name: 'nginx', path: null }
const noPostgres = { name: 'PostgreSQL', path: null }

describe('planFor', () => {
  it('runs a suite whose programs are all here, on CI or not', () => {
    expect(planFor([postgres], {})).toEqual({ run: true })
    expect(planFor([postgres], { CI: 'true' })).toEqual({ run: true })
  })

  it('fails on CI without one of them, and names each missing one', () => {
    expect(planFor([noPostgres, noNginx], { CI: 'true' })).toEqual({
      run: false,
      fail: true,
      why: 'PostgreSQL and nginx missing (run `bash scripts/ensure-system-deps.sh`)',
    })
    expect(planFor([postgres, noNginx], { CI: '1' })).toMatchObject({ run: false, fail: true })
  })

  it('skips elsewhere, saying why', () => {
    for (const CI of [undefined, '', 'false', '0']) {
      expect(planFor([postgres, noNginx], { CI })).toEqual({
        run: false,
        fail: false,
        why: 'nginx missing (run `bash scripts/ensure-system-deps.sh`)',
      })
    }
  })
})
