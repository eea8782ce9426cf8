import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { admission } from "../../server/admission.ts";

// A real HTTP server whose handler answers only when the test lets it, so the test sees who is at work.
function serverWith(limit: number) {
  const started: string[] = [];
  const waiting = new Map<string, () => void>();
  const app = express();
  app.use(admission(limit));
  app.use((req, res) => {
    started.push(`${req.method} ${req.path}`);
    waiting.set(req.path, () => res.send(req.path));
  });
  const server = app.listen(0, "127.0.0.1");
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const answer = (path: string) => {
    waiting.get(path)?.();
    waiting.delete(path);
  };
  return { server, started, answer, url };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("admission of page loads", () => {
  it("works on at most `limit` GETs at once and admits the others in arrival order", async () => {
    const { server, started, answer, url } = serverWith(2);
    close = () => server.close();
    await new Promise((resolve) => server.once("listening", resolve));
    const answers = ["/a", "/b", "/c", "/d"].map(async (path) => {
      const response = await fetch(url(path));
      return response.text();
    });
    await settle();
    expect(started).toEqual(["GET /a", "GET /b"]);
    answer("/b");
    await settle();
    expect(started).toEqual(["GET /a", "GET /b", "GET /c"]);
    answer("/a");
    answer("/c");
    await settle();
    answer("/d");
    expect(await Promise.all(answers)).toEqual(["/a", "/b", "/c", "/d"]);
  });

  it("never holds back a POST (an answer may stream for minutes)", async () => {
    const { server, started, answer, url } = serverWith(1);
    close = () => server.close();
    await new Promise((resolve) => server.once("listening", resolve));
    const first = fetch(url("/page"));
    await settle();
    const post = fetch(url("/answer"), { method: "POST" });
    await settle();
    expect(started).toEqual(["GET /page", "POST /answer"]);
    answer("/answer");
    answer("/page");
    await Promise.all([first, post]);
  });

  it("drops a request whose client gave up while waiting, and frees the slot for the next", async () => {
    const { server, started, answer, url } = serverWith(1);
    close = () => server.close();
    await new Promise((resolve) => server.once("listening", resolve));
    const first = fetch(url("/first"));
    await settle();
    const abandoned = new AbortController();
    const gone = fetch(url("/gone"), { signal: abandoned.signal }).catch(() => "aborted");
    const next = fetch(url("/next"));
    await settle();
    abandoned.abort();
    expect(await gone).toBe("aborted");
    await settle();
    answer("/first");
    await settle();
    expect(started).toEqual(["GET /first", "GET /next"]);
    answer("/next");
    expect(await (await next).text()).toBe("/next");
    await first;
  });
});
