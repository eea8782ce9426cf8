import { useEffect } from "react";
import { useFetcher } from "react-router";

/** What the palette's resource routes answer (`/messages/palette`, `/tasks/palette`, `/help-center/search`). */
export interface PaletteMentionsAnswer {
  mentions: Array<{ id: string; heading: string; source: string }>;
}
export interface PaletteTasksAnswer {
  canCreate: boolean;
  tasks: Array<{ id: string; title: string }>;
}
export interface PaletteArticlesAnswer {
  articles: Array<{ slug: string; title: string }>;
}

const DELAY_MS = 250;
/** A palette search starts at two characters. */
const PALETTE_MIN_QUERY = 2;

/**
 * A palette group's answer from its resource route: asked for after a pause in typing, with `?q=` once the query
 * has two characters. With `whenShort`, the route is also asked at once without `q` (tasks: "New task" needs it).
 */
export function usePaletteSearch<Loader>(path: string, query: string, whenShort = false) {
  const fetcher = useFetcher<Loader>();
  const q = query.trim();
  const searching = q.length >= PALETTE_MIN_QUERY;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher's identity changes each render.
  useEffect(() => {
    if (!searching && !whenShort) return;
    const timer = setTimeout(
      () => void fetcher.load(`${path}?${new URLSearchParams(searching ? { q } : {})}`),
      searching ? DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [q]);
  return { q, searching, data: fetcher.data };
}
