// No server-side request forgery: a collector never reaches an address inside the network, whatever the
// spelling of the URL, the DNS answer, or the redirect that leads there (ADR 021).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { collectFeed } from "~/features/sources/collectors/feed.server";
import { checkSourceUrl, fetchPage, isPublicAddress } from "~/features/sources/collectors/http.server";
import { type Env, EnvError, parseEnv } from "~/lib/env.server";
import { type FixtureServer, file, redirect, startFixtureServer } from "../support/fixture-server";

let server: FixtureServer;
let port: string;
/** The configuration the collector is given. */
let env: Env;

const useEnv = (allowPrivate?: string) => {
  env = parseEnv({ ...process.env, COLLECTOR_ALLOW_PRIVATE: allowPrivate, COLLECTOR_CONNECT_TIMEOUT_MS: "2000" });
};

beforeAll(async () => {
  server = await startFixtureServer();
  port = new URL(server.origin).port;
});
beforeEach(() => useEnv());
afterAll(async () => {
  await server.close();
});

describe("addresses", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.100.100.200",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "240.0.0.1",
    "192.0.2.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
    "not an address",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("a source URL, when it is saved", () => {
  it.each([
    "http://127.0.0.1/feed",
    "http://[::ffff:127.0.0.1]/feed",
    "http://0x7f000001/feed",
    "http://2130706433/feed",
    "http://017700000001/feed",
    "http://127.1/feed",
    "http://[::1]:8080/feed",
    "http://[0:0:0:0:0:0:0:1]/feed",
    "http://localhost:3000/feed",
    "http://10.0.0.1/rss",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://0.0.0.0/",
  ])("%s is refused as private", async (url) => {
    expect(await checkSourceUrl({ env }, url)).toBe("private_address");
  });

  it.each([
    "ftp://example.com/feed",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "not a url",
    "http://user:pw@8.8.8.8/",
  ])("%s is not a URL we fetch", async (url) => {
    expect(await checkSourceUrl({ env }, url)).toBe("bad_url");
  });

  it("refuses a host that does not resolve, and accepts a public address", async () => {
    expect(await checkSourceUrl({ env }, "http://no-such-host.invalid/feed")).toBe("unresolvable");
    expect(await checkSourceUrl({ env }, "https://8.8.8.8/feed")).toBeNull();
  });

  it("accepts private addresses when COLLECTOR_ALLOW_PRIVATE allows them", async () => {
    useEnv("1");
    expect(await checkSourceUrl({ env }, "http://127.0.0.1/feed")).toBeNull();
    useEnv("10.20.0.0/16, 127.0.0.1");
    expect(await checkSourceUrl({ env }, "http://10.20.30.40/feed")).toBeNull();
    expect(await checkSourceUrl({ env }, "http://[::ffff:127.0.0.1]/feed")).toBeNull();
    expect(await checkSourceUrl({ env }, "http://10.21.0.1/feed")).toBe("private_address");
    expect(await checkSourceUrl({ env }, "http://169.254.169.254/")).toBe("private_address");
  });

  it("rejects a malformed COLLECTOR_ALLOW_PRIVATE at start", () => {
    expect(() => parseEnv({ ...process.env, COLLECTOR_ALLOW_PRIVATE: "10.0.0.0/99,intranet" })).toThrow(EnvError);
  });
});

describe("every fetch", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["localhost", "localhost"],
    ["[::ffff:127.0.0.1]", "::ffff:7f00:1"],
    ["0x7f000001", "127.0.0.1"],
    ["2130706433", "127.0.0.1"],
  ])("refuses http://%s:<port>/ before any request reaches the server", async (host, shown) => {
    const seen = server.requests.length;
    await expect(fetchPage({ env }, `http://${host}:${port}/rss2.xml`)).rejects.toThrow(`Refused: ${shown}`);
    expect(server.requests.length).toBe(seen);
  });

  it("checks every redirect: a public-looking hop into a private address is refused before connecting", async () => {
    useEnv("127.0.0.1");
    server.route("/public-feed", file("rss2.xml"));
    expect((await fetchPage({ env }, server.url("/public-feed"))).status).toBe(200);
    for (const target of ["http://10.0.0.1/admin", "http://[::1]/", "http://169.254.169.254/latest/meta-data/"]) {
      server.route("/sneaky", redirect(target));
      const started = Date.now();
      await expect(collectFeed({ env }, { ...aSource, url: server.url("/sneaky") })).rejects.toThrow(/^Refused: /);
      expect(Date.now() - started).toBeLessThan(1_500);
    }
  });
});

const aSource = {
  id: "source-1",
  type: "rss" as const,
  url: "",
  language: null,
  etag: null,
  lastModified: null,
  collectorState: {},
};
