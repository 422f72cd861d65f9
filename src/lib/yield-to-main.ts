/**
 * Ends the current task and goes on in a new one, so that start-up work runs as several short
 * tasks instead of one long one: the browser can paint and answer a tap in between (issue 15,
 * Total Blocking Time). `scheduler.yield()` where the browser has it (the continuation keeps its
 * place ahead of other queued work), else a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
