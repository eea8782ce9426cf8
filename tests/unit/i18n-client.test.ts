import { afterEach, describe, expect, it, vi } from "vitest";
import { FIRST_RETRY_DELAY_MS, fetchWithRetry, LOAD_RETRIES } from "~/i18n/i18n.client";

afterEach(() => vi.useRealTimers());

describe("translation chunk loading", () => {
  it("retries up to 5 times, waiting 350 ms and doubling, then succeeds", async () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const fetcher = vi.fn(async () => {
      calls.push(Date.now());
      if (calls.length <= LOAD_RETRIES) throw new TypeError("network down");
      return Response.json({ hello: "Привет" });
    });
    const result = fetchWithRetry("/assets/common.json", fetcher as typeof fetch);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ hello: "Привет" });
    const gaps = calls.slice(1).map((t, i) => t - (calls[i] as number));
    expect(gaps).toEqual([350, 700, 1400, 2800, 5600]);
    expect(FIRST_RETRY_DELAY_MS).toBe(350);
  });

  it("gives up after the 5th retry and treats HTTP errors as failures", async () => {
    vi.useFakeTimers();
    const fetcher = vi.fn(async () => new Response("gone", { status: 503, statusText: "Service Unavailable" }));
    const result = fetchWithRetry("/assets/common.json", fetcher as typeof fetch);
    const assertion = expect(result).rejects.toThrow(/503/);
    await vi.runAllTimersAsync();
    await assertion;
    expect(fetcher).toHaveBeenCalledTimes(1 + LOAD_RETRIES);
  });
});
