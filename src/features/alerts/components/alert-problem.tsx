import type { Ref } from 'react'
import { useCountdown } from '@/lib/countdown'
import { withUnit } from '@/lib/format'
import { FormProblemAlert } from '@/components/form/form-problem'
import type { AlertProblem } from '../failure'

/** A form's problem; when rate limited, how long until the server takes another. */
export function AlertProblemNote({
  problem,
  onRetry,
  ref,
}: {
  problem: AlertProblem
  onRetry: () => void
  ref?: Ref<HTMLDivElement>
}) {
  return problem.retryAfterS ? (
    <div ref={ref} className="form-problem" role="alert" tabIndex={-1}>
      <p>
        {problem.message} <Countdown seconds={problem.retryAfterS} />
      </p>
    </div>
  ) : (
    <FormProblemAlert ref={ref} problem={problem} onRetry={onRetry} />
  )
}

function Countdown({ seconds }: { seconds: number }) {
  const left = useCountdown(seconds)
  return <>{left > 0 ? `Try again in ${withUnit(left, 's')}.` : 'You can try again now.'}</>
}
