/**
 * The one HTTP client every collector uses (ADR 021). Guards against server-side request forgery where it
 * cannot be dodged: in the connection itself, after DNS, for every hop of a redirect chain, so IP literals in
 * any spelling and DNS rebinding are caught too. Also: only http(s), at most 5 redirects, connect and total
 * timeouts, at most 10 MB read, one request per host at a time, conditional GET, and bodies decoded with the
 * character set they declare.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, fetch } from "undici";
import type { Services } from "~/core/context.server";
import type { Env } from "~/lib/env.server";
import packageJson from "../../../../package.json" with { type: "json" };
import { CollectError, type CollectorSource, type CollectResult } from "./types.ts";

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
// The JSON import carries its attribute so that server code can load this module in plain Node too.
export const USER_AGENT = `Kuzatuv/${packageJson.version} (+brand monitoring; reads public feeds and pages)`;

/** Refused because the host is (or resolves to) an address inside the network, not on the internet. */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(host === address ? `${host} is a private address` : `${host} resolves to a private address (${address})`);
    this.name = "PrivateAddressError";
  }
}

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

/**
 * Only ordinary unicast addresses are public. Everything else — loopback, RFC 1918, link-local (cloud metadata
 * at 169.254.169.254), CGNAT, unique-local (fd00:ec2::254), multicast, reserved, unspecified, and the IPv6
 * forms that embed an IPv4 address (NAT64, 6to4, Teredo) — is refused; IPv4-mapped IPv6 is judged as IPv4.
 */
export function isPublicAddress(address: string): boolean {
  return parseAddress(address)?.range() === "unicast";
}

/** An address inside one of the ranges COLLECTOR_ALLOW_PRIVATE lists. */
function isAllowedInside(address: string, ranges: string[]): boolean {
  const parsed = parseAddress(address);
  return ranges.some((range) => {
    const [network, bits] = range.includes("/") ? ipaddr.parseCIDR(range) : [ipaddr.parse(range), undefined];
    return parsed?.kind() === network.kind() && parsed.match(network, bits ?? (network.kind() === "ipv4" ? 32 : 128));
  });
}

type AllowPrivate = Env["COLLECTOR_ALLOW_PRIVATE"];

/** The addresses `hostname` (bare: IPv6 without brackets) connects to; refused when any of them is private. */
async function checkedAddresses(hostname: string, allow: AllowPrivate): Promise<string[]> {
  const addresses = isIP(hostname) ? [hostname] : (await lookup(hostname, { all: true })).map((a) => a.address);
  if (allow === true) return addresses;
  const inside = addresses.find((a) => !isPublicAddress(a) && !(allow && isAllowedInside(a, allow)));
  if (inside !== undefined) throw new PrivateAddressError(hostname, inside);
  return addresses;
}

/** Connects to the address that was checked, so a second DNS answer cannot slip in another one. */
function guardedConnector(timeout: number, allow: AllowPrivate): buildConnector.connector {
  const connect = buildConnector({ timeout });
  return (options, callback) => {
    if (allow === true) return connect(options, callback);
    checkedAddresses(options.hostname, allow).then(
      ([address]) => connect({ ...options, hostname: address! }, callback),
      (error: Error) => callback(error, null),
    );
  };
}

let pool: { settings: string; agent: Agent } | undefined;

/** One connection pool while the collector's settings stay the same. */
function agent(env: Env): Agent {
  const { COLLECTOR_CONNECT_TIMEOUT_MS: connectTimeout, COLLECTOR_ALLOW_PRIVATE: allow } = env;
  const settings = JSON.stringify([connectTimeout, allow]);
  if (pool?.settings !== settings) {
    pool?.agent.close().catch(() => {});
    pool = { settings, agent: new Agent({ connect: guardedConnector(connectTimeout, allow) }) };
  }
  return pool.agent;
}

export type UrlProblem = "bad_url" | "private_address" | "unresolvable";

/** Why a source URL cannot be fetched, checked when it is saved (each fetch checks again at connect time). */
export async function checkSourceUrl({ env }: Pick<Services, "env">, url: string): Promise<UrlProblem | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "bad_url";
  }
  if (!isHttp(parsed) || parsed.username || parsed.password) return "bad_url";
  try {
    await checkedAddresses(parsed.hostname.replace(/^\[|\]$/g, ""), env.COLLECTOR_ALLOW_PRIVATE);
    return null;
  } catch (error) {
    return error instanceof PrivateAddressError ? "private_address" : "unresolvable";
  }
}

const isHttp = (url: URL) => url.protocol === "http:" || url.protocol === "https:";

// One request per host at a time within the process: each host's requests wait in a chain.
const hostQueues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(host: string, task: () => Promise<T>): Promise<T> {
  const run = (hostQueues.get(host) ?? Promise.resolve()).then(task);
  const settled = run.catch(() => {});
  hostQueues.set(host, settled);
  try {
    return await run;
  } finally {
    if (hostQueues.get(host) === settled) hostQueues.delete(host);
  }
}

export interface FetchOptions {
  /** Validators of the last fetch, for a conditional GET. */
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  signal?: AbortSignal;
  /**
   * POSTs this body instead (an outgoing webhook); a redirect is then an error. Its headers are made as it is
   * sent, after any wait for the host, so a signature's timestamp is the moment of sending.
   */
  post?: { body: string; headers: () => Record<string, string> };
}

export interface FetchedPage {
  status: number;
  /** Where the body came from, after redirects: relative links resolve against it. */
  url: string;
  /** 304: the body is empty and the validators are those sent. */
  notModified: boolean;
  body: string;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs (or POSTs, with `post`) `url` through the guard and returns its decoded body. Throws a CollectError for anything that is not
 * a 2xx or 304: refused address, bad scheme, too many redirects, timeout, over-sized body, HTTP error.
 */
export async function fetchPage(
  { env }: Pick<Services, "env">,
  url: string,
  options: FetchOptions = {},
): Promise<FetchedPage> {
  const timeout = env.COLLECTOR_TIMEOUT_MS;
  let target = parseHttpUrl(url);
  let deadline: number | undefined;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const result = await oneAtATime(target.host, async () => {
      // The total time runs from the first request, not from waiting for the host's previous one.
      deadline ??= Date.now() + timeout;
      return request(env, target, options, deadline - Date.now());
    });
    if (typeof result !== "string") return result;
    target = parseHttpUrl(result, target);
  }
  throw new CollectError(`More than ${MAX_REDIRECTS} redirects`);
}

/**
 * The source's own URL (feed or sitemap), asked for only if changed since the validators of its last fetch.
 * `result` is the answer with the page's status and validators and no items: the whole answer for a 304.
 */
export async function fetchIfChanged(
  services: Pick<Services, "env">,
  source: CollectorSource,
  { accept, signal }: { accept: string; signal?: AbortSignal },
): Promise<{ page: FetchedPage; result: CollectResult }> {
  const page = await fetchPage(services, source.url, {
    etag: source.etag,
    lastModified: source.lastModified,
    accept,
    signal,
  });
  const { status, etag, lastModified, notModified } = page;
  return { page, result: { httpStatus: status, etag, lastModified, notModified, items: [] } };
}

function parseHttpUrl(url: string, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new CollectError(`Not a valid URL: ${url}`);
  }
  if (!isHttp(parsed)) throw new CollectError(`Only http and https URLs are fetched, not ${parsed.protocol}`);
  return parsed;
}

/** One hop: the page, or the Location of a redirect. */
async function request(env: Env, url: URL, options: FetchOptions, timeLeft: number): Promise<FetchedPage | string> {
  const timeout = AbortSignal.timeout(Math.max(timeLeft, 0));
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers: Record<string, string> = {
    "user-agent": USER_AGENT,
    accept: options.accept ?? "*/*",
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  try {
    const { post } = options;
    const send = () => {
      const method = post
        ? { method: "POST", body: post.body, headers: { ...headers, ...post.headers() } }
        : { headers };
      return fetch(url, { ...method, redirect: "manual", signal, dispatcher: agent(env) });
    };
    // A kept-alive connection the server closed just as it was reused: a GET is sent again once, as browsers do.
    const response = await send().catch((error: unknown) =>
      isConnectionReset(error) ? send() : Promise.reject(error),
    );
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel();
      // A POST is not repeated somewhere else.
      if (post) throw new CollectError(`HTTP ${response.status} (redirects are not followed)`, response.status);
      const location = response.headers.get("location");
      if (!location) throw new CollectError(`HTTP ${response.status} without a Location`, response.status);
      return location;
    }
    const page = {
      status: response.status,
      url: url.href,
      contentType: response.headers.get("content-type"),
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    };
    if (response.status === 304) {
      await response.body?.cancel();
      return {
        ...page,
        notModified: true,
        body: "",
        etag: options.etag ?? null,
        lastModified: options.lastModified ?? null,
      };
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw new CollectError(`HTTP ${response.status}`, response.status);
    }
    const bytes = await readCapped(response.body);
    return { ...page, notModified: false, body: decodeBody(bytes, page.contentType) };
  } catch (error) {
    if (error instanceof CollectError) throw error;
    if (timeout.aborted) throw new CollectError(`Timed out after ${env.COLLECTOR_TIMEOUT_MS / 1000} s`);
    if (options.signal?.aborted) throw new CollectError("Cancelled");
    throw new CollectError(explainFailure(error, url));
  }
}

/**
 * The body, refused past MAX_BODY_BYTES without reading the rest (leaving the loop cancels the stream and so
 * the request). At most two copies are held at once: the chunks and their concatenation.
 */
async function readCapped(body: AsyncIterable<Uint8Array> | null): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new CollectError(`Response larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function isConnectionReset(error: unknown): boolean {
  const code = error instanceof Error ? (error.cause as { code?: string } | undefined)?.code : undefined;
  return code === "ECONNRESET" || code === "UND_ERR_SOCKET";
}

function explainFailure(error: unknown, url: URL): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof PrivateAddressError) return `Refused: ${cause.message}`;
  const code = (cause as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `Host not found: ${url.hostname}`;
  if (code === "ECONNREFUSED") return `Connection refused by ${url.host}`;
  if (code === "UND_ERR_CONNECT_TIMEOUT") return `No connection to ${url.host} within the connect timeout`;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * Decodes a body with its character set: a byte-order mark, else the Content-Type header's charset, else the
 * XML declaration or an HTML <meta> charset near the start, else UTF-8. (`Response.text()` would always use
 * UTF-8 and garble windows-1251 and KOI8-R.) An unknown label falls back to UTF-8.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  const label = bomCharset(bytes) ?? headerCharset(contentType) ?? declaredCharset(bytes) ?? "utf-8";
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(bytes);
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

function headerCharset(contentType: string | null): string | null {
  return contentType?.match(/;\s*charset\s*=\s*"?([\w.:-]+)"?/i)?.[1] ?? null;
}

const XML_DECLARATION = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([\w.:-]+)["']/;
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i;

function declaredCharset(bytes: Uint8Array): string | null {
  // Declarations are ASCII, so any single-byte reading of the first bytes finds them.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString("latin1");
  return head.match(XML_DECLARATION)?.[1] ?? head.match(META_CHARSET)?.[1] ?? null;
}
