import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server-process";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

/** Server-Timing's entries by name: duration in ms and description. */
function timings(response: Response) {
  const header = response.headers.get("Server-Timing") ?? "";
  return Object.fromEntries(
    header
      .split(",")
      .filter((entry) => entry.trim())
      .map((entry) => {
        const [name, ...params] = entry.trim().split(";");
        const param = (key: string) => params.find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1);
        return [name, { dur: Number(param("dur")), desc: param("desc")?.replaceAll('"', "") }];
      }),
  );
}

describe("Server-Timing", () => {
  it("tells where a signed-in page's time went: database (with its query count), render, total", async () => {
    const signIn = await fetch(`${server.url}/sign-in?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "demo@kuzatuv.local", password: "kuzatuv-demo", redirect: "/" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))
      ?.split(";")[0] as string;
    const page = await fetch(`${server.url}/`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const { db, render, total } = timings(page);
    expect(db?.dur).toBeGreaterThan(0);
    expect(Number.parseInt(db?.desc ?? "", 10)).toBeGreaterThanOrEqual(3);
    expect(render?.dur).toBeGreaterThan(0);
    expect(total?.dur).toBeGreaterThanOrEqual(render?.dur as number);
  });

  it("is on every document, signed out and error pages too", async () => {
    for (const path of ["/sign-in", "/no-such-page"]) {
      const { db, render } = timings(await fetch(`${server.url}${path}`));
      expect(db?.desc, path).toMatch(/^\d+ queries$/);
      expect(render?.dur, path).toBeGreaterThan(0);
    }
  });
});
