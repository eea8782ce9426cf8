import type { Services } from "~/core/context.server";
import type { IncomingItem } from "~/features/sources/ingest.server";

/** What a collector needs to know about the source it reads. */
export interface CollectorSource {
  id: string;
  type: "rss" | "atom" | "telegram" | "website";
  /** Feed or sitemap URL, or the Telegram handle as stored. */
  url: string;
  language: string | null;
  /** Validators of the last successful fetch, for a conditional GET. */
  etag: string | null;
  lastModified: string | null;
  collectorState: Record<string, unknown>;
}

/** One fetch's outcome. A failure is thrown as a CollectError. */
export interface CollectResult {
  httpStatus: number;
  /** The server answered 304: nothing new, nothing to ingest. */
  notModified: boolean;
  items: IncomingItem[];
  etag: string | null;
  lastModified: string | null;
  /** Replaces the source's collectorState when given. */
  collectorState?: Record<string, unknown>;
}

export class CollectError extends Error {
  readonly httpStatus: number | null;
  constructor(message: string, httpStatus: number | null = null) {
    super(message);
    this.name = "CollectError";
    this.httpStatus = httpStatus;
  }
}

/** Reads a source once, with the services it needs: the configuration (`env`) and the database. */
export type Collector<Needs extends keyof Services = "db" | "env"> = (
  services: Pick<Services, Needs>,
  source: CollectorSource,
  options?: { signal?: AbortSignal },
) => Promise<CollectResult>;
