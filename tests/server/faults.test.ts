// Faults found by probing the built server (issue 28): a misrouted auth service, and status texts.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthService } from "../support/auth-service";
import { type RunningServer, signUpOwner, startServer } from "../support/server-process";

/**
 * What sits between the app and the auth service: it passes requests on, or, misrouted, answers every
 * path with an HTML page of its own (a proxy's 404, a web server's welcome page).
 */
async function startProxy(target: string) {
  let misrouted: number | null = null;
  const server = http.createServer(async (req, res) => {
    if (misrouted !== null) {
      res
        .writeHead(misrouted, { "Content-Type": "text/html" })
        .end("<!doctype html><title>nginx</title><h1>Hello</h1>");
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      ["authorization", "content-type", "x-forwarded-for", "accept"].flatMap((name) =>
        req.headers[name] ? [[name, String(req.headers[name])]] : [],
      ),
    );
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, { "Content-Type": answer.headers.get("Content-Type") ?? "application/json" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    misroute: (status: number | null) => {
      misrouted = status;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// One server for the file (each start costs seconds): its auth service is reached through the proxy.
let auth: Awaited<ReturnType<typeof startAuthService>>;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let server: RunningServer;
beforeAll(async () => {
  auth = await startAuthService();
  proxy = await startProxy(new URL(auth.url).origin);
  server = await startServer({
    NODE_ENV: "production",
    SESSION_SECRET: "a-session-secret-for-the-faults-test-only",
    AUTH_SERVICE_URL: `${proxy.url}/api/auth`,
    // Every request checks the token, as a stale session does.
    AUTH_REVALIDATE_SECONDS: "0",
  });
});
afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await auth?.close();
});

describe("the server with a misrouted auth service", { timeout: 60_000 }, () => {
  it("answers the 503 page while the service answers HTML, and signs nobody out", async () => {
    const cookie = await signUpOwner(server.url);
    const projects = () => fetch(`${server.url}/projects`, { redirect: "manual", headers: { Cookie: cookie } });
    expect((await projects()).status).toBe(200);

    for (const status of [404, 200]) {
      proxy.misroute(status);
      const page = await projects();
      expect(page.status, `HTML ${status}`).toBe(503);
      expect(
        page.headers.getSetCookie().filter((c) => c.startsWith("__session=")),
        `HTML ${status}`,
      ).toEqual([]);
      expect(await page.text()).toContain("Service unavailable");
    }
    proxy.misroute(null);
    expect((await projects()).status).toBe(200);
  });
});

describe("status texts", { timeout: 60_000 }, () => {
  it("a truncated multipart post is a 400 called Bad Request, in the page's data too", async () => {
    const cutOff = `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@exa`;
    for (const path of ["/sign-in?index", "/sign-in.data?index"]) {
      const { port } = new URL(server.url);
      const answer = await new Promise<{ status?: number; statusText?: string; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            path,
            method: "POST",
            headers: { Origin: server.url, "Content-Type": "multipart/form-data; boundary=x" },
          },
          (res) => {
            let body = "";
            res.on("data", (chunk) => {
              body += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode, statusText: res.statusMessage, body }));
          },
        );
        request.on("error", reject);
        request.end(cutOff);
      });
      expect(answer.status, path).toBe(400);
      expect(answer.statusText, path).toBe("Bad Request");
      // What the page (and its error boundary) is told about the error, in its data.
      expect(answer.body, path).toContain("Bad Request");
      expect(answer.body, path).not.toContain("Internal Server Error");
    }
  });
});
