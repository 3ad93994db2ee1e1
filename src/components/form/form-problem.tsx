import type { Ref } from 'react'

/** A problem with the whole form (not one field); `retry` offers a Try again button. */
export type FormProblem = { message: string; retry: boolean }

/** A form-level problem, announced at once; Try again resubmits what the visitor typed. */
export function FormProblemAlert({
  problem,
  onRetry,
  ref,
}: {
  problem: FormProblem
  onRetry: () => void
  ref?: Ref<HTMLDivElement>
}) {
  return (
    <div ref={ref} className="form-problem" role="alert" tabIndex={-1}>
      <p>{problem.message}</p>
      {problem.retry ? (
        <button type="button" className="button button--ghost button--small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
