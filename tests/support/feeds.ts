// The loopback fixture server as the outside world of a test file's collectors.
import { afterAll, beforeAll } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { type FixtureServer, startFixtureServer } from "./fixture-server";
import { setTestEnv } from "./services";

/** Starts the fixture server for this test file and lets its collectors call it (COLLECTOR_ALLOW_PRIVATE=1). */
export function feedServerForFile(): FixtureServer {
  const server = {} as FixtureServer;
  beforeAll(async () => {
    setTestEnv(parseEnv({ ...process.env, COLLECTOR_ALLOW_PRIVATE: "1" }));
    Object.assign(server, await startFixtureServer());
  });
  afterAll(() => server.close());
  return server;
}
