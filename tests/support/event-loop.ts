/**
 * Watches the event loop while work runs: the most CPU time this thread spent between two ticks of a timer,
 * i.e. the longest stretch it held the loop. Wall-clock gaps (monitorEventLoopDelay) would also count the time
 * a busy shared machine gave other processes; the bench measures those on a quiet one.
 */
export function watchEventLoop(everyMs = 5) {
  let last = process.threadCpuUsage();
  let longest = 0;
  const tick = () => {
    const spent = process.threadCpuUsage(last);
    longest = Math.max(longest, (spent.user + spent.system) / 1000);
    last = process.threadCpuUsage();
  };
  const timer = setInterval(tick, everyMs);
  /** Stops watching (the stretch up to now counts too); the longest stretch in milliseconds. */
  return () => {
    tick();
    clearInterval(timer);
    return longest;
  };
}
