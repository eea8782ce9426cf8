import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_PATHS } from "../../scripts/server-runtime";
import { type RunningServer, startServer } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");
const MB = 1024 ** 2;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** How much of the request body had been written when the answer's headers came. */
  sentBeforeAnswer: number;
}

/**
 * POSTs a body of `size` bytes in 64 KiB chunks, with its Content-Length or chunked, stopping as soon
 * as an answer comes (or the server closes the connection).
 */
function upload(url: string, { size, chunked, headers = {} }: { size: number; chunked: boolean; headers?: object }) {
  const { port } = new URL(url);
  return new Promise<Answer>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/sign-up?index",
        method: "POST",
        headers: {
          Origin: url,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(chunked ? {} : { "Content-Length": size }),
          ...headers,
        },
      },
      (res) => {
        answered = true;
        const sentBeforeAnswer = sent;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, sentBeforeAnswer }));
      },
    );
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      while (!answered && sent < size && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!answered && !request.destroyed) request.end();
    };
    write();
  });
}

/** Signs the demo user in and returns the session cookie. */
async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/sign-in?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "demo@kuzatuv.local", password: "kuzatuv-demo", redirect: "/" }),
  });
  expect(response.status).toBe(302);
  const session = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!session) throw new Error("no session cookie");
  return session.split(";")[0] as string;
}

/** The server process's resident memory, in bytes (Linux). */
function rssOf(server: RunningServer): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1]) * 1024;
}

/** A PID that no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(child.stdout.trim());
}

function runSeed(dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [APP_PATHS, "scripts/seed.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, SEED_MESSAGES: "10" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

// One server for the whole file (each start costs seconds); the last test stops it.
describe("one server on its data directory, under abuse and load", { timeout: 60_000 }, () => {
  let server: RunningServer;
  let lockFile: string;
  const started: RunningServer[] = [];

  beforeAll(async () => {
    // Left behind by a server that was killed: its PID is gone.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-lock-test-"));
    lockFile = path.join(dataDir, "kuzatuv.lock");
    fs.writeFileSync(lockFile, JSON.stringify({ pid: deadPid(), command: "the Kuzatuv server", since: "yesterday" }));
    // Every page checks the session with the auth service, as when sessions are due for revalidation.
    server = await startServer({ DATA_DIR: dataDir, AUTH_REVALIDATE_SECONDS: "0" });
    started.push(server);
  });

  afterAll(async () => {
    for (const each of started) await each.stop();
  });

  it("takes over a lock left by a process that is gone", () => {
    expect(JSON.parse(fs.readFileSync(lockFile, "utf8"))).toMatchObject({ pid: server.process.pid });
  });

  it("a second server and `npm run seed` on the same DATA_DIR refuse to start, naming the running one", async () => {
    const second = await startServer({ DATA_DIR: server.dataDir }, { waitReady: false });
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another process: PID ${server.process.pid} (the Kuzatuv server`);
    expect(second.output()).not.toMatch(/^\s+at /m);

    const seed = await runSeed(server.dataDir);
    expect(seed.code).toBe(1);
    expect(seed.output).toContain(`PID ${server.process.pid}`);
    // The running server still owns the directory.
    expect(JSON.parse(fs.readFileSync(lockFile, "utf8"))).toMatchObject({ pid: server.process.pid });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  // The server closes the connection after its answer while the client is still sending, so the client's
  // kernel may reset it before the answer is read (no lingering close; ADR 014): try again.
  async function uploadPastReset(options: Parameters<typeof upload>[1]): Promise<Answer> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await upload(server.url, options).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
        return undefined;
      });
      if (answer) return answer;
    }
    throw new Error("every upload was reset before its answer");
  }

  it("answers an over-size body 413 from its Content-Length, before reading it, with a page naming the limit", async () => {
    const rssBefore = rssOf(server);
    const answer = await uploadPastReset({ size: 100 * MB, chunked: false, headers: { "Accept-Language": "ru" } });
    expect(answer.status).toBe(413);
    // What the client had written by then is mostly still in socket buffers.
    expect(answer.sentBeforeAnswer).toBeLessThan(20 * MB);
    expect(rssOf(server) - rssBefore).toBeLessThan(30 * MB);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers.connection).toBe("close");
    expect(answer.text).toContain("Слишком большой запрос");
    expect(answer.text).toMatch(/больше 1\sМБ/);
    expect(answer.text).not.toMatch(/^\s+at /m);
  });

  it("answers an over-size chunked body 413 while it streams", async () => {
    const rssBefore = rssOf(server);
    const answer = await uploadPastReset({ size: 100 * MB, chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(20 * MB);
    expect(rssOf(server) - rssBefore).toBeLessThan(30 * MB);
    expect(answer.text).toContain("larger than 1 MB");
    // Still serving, and a form of ordinary size still goes through.
    const small = await upload(server.url, { size: 1000, chunked: true });
    expect(small.status).toBe(400);
  });

  it("on SIGTERM under keep-alive load: no 5xx while draining, exits 0 at once, the data dir opens again", async () => {
    const cookie = await signIn(server.url);
    const { port } = new URL(server.url);
    const agent = new http.Agent({ keepAlive: true });
    const statuses: number[] = [];
    let terminatedAt = 0;
    let answeredAfterTerm = 0;
    const get = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/projects", agent, headers: { Cookie: cookie } }, (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          })
          .on("error", reject);
      });
    // Eight clients on kept-alive connections, each asking again as soon as it is answered, until the
    // server stops taking connections (bounded: 10 s).
    const client = async () => {
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        const status = await get().catch(() => null);
        if (status === null) return;
        statuses.push(status);
        if (terminatedAt) answeredAfterTerm++;
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    terminatedAt = Date.now();
    server.process.kill("SIGTERM");
    const code = await server.exited;
    const stoppedIn = Date.now() - terminatedAt;
    await Promise.all(clients);
    agent.destroy();

    expect(code).toBe(0);
    expect(stoppedIn).toBeLessThan(5000);
    expect(statuses.length).toBeGreaterThan(8);
    expect(answeredAfterTerm).toBeGreaterThan(0);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(server.output()).not.toContain("did not finish");

    // The lock is released and the database was closed cleanly: the same directory starts again.
    expect(fs.existsSync(lockFile)).toBe(false);
    const again = await startServer({ DATA_DIR: server.dataDir });
    started.push(again);
    expect(await signIn(again.url)).toMatch(/^__session=/);
  });
});
