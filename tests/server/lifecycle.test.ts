import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServer } from "../support/server-process";

// Each test starts a server process, which takes seconds more on a busy machine.
describe("the server process", { timeout: 60_000 }, () => {
  it("finishes a request in flight after SIGTERM, refuses new ones, and exits 0", async () => {
    const server = await startServer();
    const { port } = new URL(server.url);
    const body = JSON.stringify({ email: "slow@example.com", password: "not the password" });

    // A slow client: the request body arrives in two parts, with SIGTERM in between.
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/auth/login",
          method: "POST",
          headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      request.on("error", reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.process.kill("SIGTERM");
        setTimeout(async () => {
          // Stopped accepting: a new connection is refused while the old request is still open.
          const fresh = await fetch(`${server.url}/healthz`).then(
            () => "answered",
            () => "refused",
          );
          expect(fresh).toBe("refused");
          request.end(body.slice(10));
        }, 500);
      }, 300);
    });

    const answer = await response;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toMatchObject({ success: false, code: "invalid_credentials" });
    expect(await server.exited).toBe(0);
  });

  it("refuses to start on bad configuration, one clear line per problem", async () => {
    const server = await startServer(
      { PORT: "eighty", DATABASE_URL: "mysql://nope", LOG_LEVEL: "loud" },
      { waitReady: false },
    ).catch((error: Error) => error);
    if (server instanceof Error) throw server;
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines[0]).toBe("Invalid configuration:");
    expect(
      lines
        .slice(1)
        .map((line) => line.split(":")[0])
        .sort(),
    ).toEqual(["DATABASE_URL", "LOG_LEVEL", "PORT"]);
    expect(server.output()).not.toMatch(/\s+at\s/);
  });

  it("refuses a web or worker role on the embedded database, which serves one process", async () => {
    const server = await startServer({ ROLE: "worker" }, { waitReady: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("ROLE: worker needs PostgreSQL (DATABASE_URL)");
  });

  it("refuses to start in production without SESSION_SECRET", async () => {
    const server = await startServer({ NODE_ENV: "production" }, { waitReady: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("SESSION_SECRET: required when NODE_ENV=production");
  });
});

describe("behind a TLS-terminating proxy", { timeout: 60_000 }, () => {
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: "proxy-test-secret-0123456789abcdef0123",
    SEED_DEMO: "1",
  };
  const proxied = {
    Origin: "https://kuzatuv.example",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "kuzatuv.example",
    "X-Forwarded-For": "203.0.113.7",
    "Content-Type": "application/x-www-form-urlencoded",
  };
  // What a proxy such as nginx (`proxy_set_header Host $host`) sends on: the public host, plain HTTP.
  const signIn = (url: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const body = new URLSearchParams({
        email: "demo@kuzatuv.local",
        password: "kuzatuv-demo",
        redirect: "/",
      }).toString();
      const { port } = new URL(url);
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/sign-in?index",
          method: "POST",
          headers: { ...proxied, Host: "kuzatuv.example" },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  const cookies = (headers: http.IncomingHttpHeaders) => headers["set-cookie"] ?? [];

  it("with TRUST_PROXY the origin check passes and the session cookie is Secure; HSTS is sent", async () => {
    const server = await startServer({ ...production, TRUST_PROXY: "1" });
    try {
      const response = await signIn(server.url);
      expect(response.status).toBe(302);
      const session = cookies(response.headers).find((c) => c.startsWith("__session="));
      expect(session).toMatch(/;\s*Secure/i);
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    } finally {
      await server.stop();
    }
  });

  it("without TRUST_PROXY the forwarded origin is not believed and the post is refused", async () => {
    const server = await startServer(production);
    try {
      const response = await signIn(server.url);
      expect(response.status).toBe(400);
      expect(cookies(response.headers).some((c) => c.startsWith("__session="))).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
