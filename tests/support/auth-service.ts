import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll } from "vitest";
import { connect, disconnect } from "../../app/db/connection.server";
import { authRouter } from "../../server/auth-service/http";
import { type AuthServiceOptions, createAuthService } from "../../server/auth-service/service";
import { testDatabase } from "./database";
import { testEnv } from "./services";

/** The real auth service over HTTP on an ephemeral loopback port, on a fresh in-memory database. */
export async function startAuthService(options: Omit<AuthServiceOptions, "connection"> = {}) {
  const connection = connect(await testDatabase());
  const service = createAuthService({ connection, ...options });
  await service.migrate();
  const app = express();
  app.use("/api/auth", authRouter(service, pino({ level: "silent" })));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
  return {
    url,
    service,
    connection,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await disconnect(connection).catch(() => {});
    },
  };
}

/**
 * The auth service for this test file, with the app's configuration (testEnv) pointing at it; after each test,
 * its address and the session revalidation interval are put back, for tests that turn them.
 */
export function authServiceForFile(options: Parameters<typeof startAuthService>[0] = {}) {
  const auth = {} as Awaited<ReturnType<typeof startAuthService>>;
  let revalidateSeconds: number;
  beforeAll(async () => {
    Object.assign(auth, await startAuthService(options));
    revalidateSeconds = testEnv().AUTH_REVALIDATE_SECONDS;
    testEnv().authServiceUrl = auth.url;
  });
  afterEach(() => {
    testEnv().authServiceUrl = auth.url;
    testEnv().AUTH_REVALIDATE_SECONDS = revalidateSeconds;
  });
  afterAll(() => auth.close());
  return auth;
}

/** Calls an endpoint as any HTTP client would. */
export async function api(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.ip) headers["X-Forwarded-For"] = init.ip;
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? "POST",
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as any };
}
