/**
 * At most one piece of work at a time in this process, in the order asked: reading a spreadsheet
 * takes memory and CPU in the shared server process, so six uploads at once wait in turn rather
 * than add up (ADR 026 addendum). A failure is its caller's alone; the next one still runs.
 */
let last: Promise<unknown> = Promise.resolve();

export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = last.then(work, work);
  last = run.catch(() => undefined);
  return run;
}
