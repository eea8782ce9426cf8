// Long CPU work in slices: nothing may hold the event loop for more than 50 ms (docs/architecture.md, Budgets), so
// loops over many items give it a turn (timers, I/O, other requests) once a slice has used its time.

/** The longest stretch of work between two turns of the event loop. */
export const SLICE_MS = 8;

/** Gives the event loop a turn (awaiting a query does too: the database answers from a thread or a socket). */
export const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `fn` over `items`, in order, giving the event loop a turn whenever a slice has taken `budget` ms. */
export async function mapInSlices<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => R,
  budget = SLICE_MS,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let since = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (performance.now() - since >= budget) {
      await giveWay();
      since = performance.now();
    }
    out[i] = fn(items[i] as T, i);
  }
  return out;
}
