/**
 * Lets the browser run input and rendering between two pieces of start-up work, so that none of
 * them is a long task on a slow phone (README, "Start-up speed"). `scheduler.yield` resumes ahead
 * of other queued tasks.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
