import { collectFeed } from "./feed.server.ts";
import { collectTelegram } from "./telegram.server.ts";
import type { Collector, CollectorSource } from "./types.ts";
import { collectWebsite } from "./website.server.ts";

const COLLECTORS: Record<CollectorSource["type"], Collector> = {
  rss: collectFeed,
  atom: collectFeed,
  telegram: collectTelegram,
  website: collectWebsite,
};

/** The collector that reads sources of `type`. */
export function collectorFor(type: CollectorSource["type"]): Collector {
  return COLLECTORS[type];
}
