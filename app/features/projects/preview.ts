// What a project's rules would match (issue 30): the shape the server sends and the page shows, and the cut of
// a text at the matcher's own spans. Plain data and pure functions: no server imports.
import type { MatchSpan } from "~/core/matcher";
import type { Segment } from "~/core/search";

export interface PreviewExample {
  id: string;
  publishedAt: string;
  /** en, ru, uz, uz-Cyrl or other. */
  language: string;
  source: string;
  /** Null for a message without a title (Telegram posts). */
  title: Segment[] | null;
  text: Segment[];
}

export interface RulesPreview {
  /** The period, in the reader's zone: the last 30 days, today included. */
  from: string;
  to: string;
  /** Mentions matched; an estimate when `estimated`. */
  count: number;
  /** Per language (en, ru, uz, uz-Cyrl, other), most first. */
  languages: Array<{ language: string; count: number }>;
  /**
   * True when there were too many candidates to check in time: those published `since` were checked
   * (`checked` of them contain the rules' words), and their matches scaled to the 30 days by the number of
   * mentions in each.
   */
  estimated: boolean;
  checked: number;
  /** ISO instant: where the checked stretch begins (the period's start when all were checked). */
  since: string;
  /** Up to 10 of the newest matches the reader may open, with the matched words marked. */
  examples: PreviewExample[];
  /** True when some matches were left out of the examples because the reader may not see them. */
  hiddenExamples: boolean;
  /** True when only the mentions of the reader's projects and of no project were counted (not an admin). */
  scoped: boolean;
}

/** What `/projects/preview` answers: the preview, or (400) the rules' errors per field. */
export type PreviewAnswer =
  | { preview: RulesPreview; fieldErrors: null }
  | { preview: null; fieldErrors: Record<string, string> | undefined };

/** A text cut at the spans (of one field), each part plain or marked; overlapping spans merge. */
export function segmentsOf(text: string, spans: ReadonlyArray<Pick<MatchSpan, "start" | "end">>): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(span.start, at);
    if (span.end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), mark: false });
    const last = segments.at(-1);
    // Adjacent or overlapping spans read as one mark.
    if (last?.mark && start === at) last.text += text.slice(start, span.end);
    else segments.push({ text: text.slice(start, span.end), mark: true });
    at = span.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return segments;
}

const SNIPPET = 280;
const BEFORE = 60;

/**
 * Up to 280 characters of a text around its first span, with the spans inside marked; an ellipsis says
 * where it was cut. Whitespace stays as stored (the spans point into it); the page collapses it.
 */
export function snippetOf(text: string, spans: ReadonlyArray<Pick<MatchSpan, "start" | "end">>): Segment[] {
  if (text.length <= SNIPPET) return segmentsOf(text, spans);
  const first = Math.min(...spans.map((s) => s.start), text.length);
  let start = first === text.length ? 0 : Math.max(0, first - BEFORE);
  // From the start of a word.
  if (start > 0) start = Math.min(first, text.indexOf(" ", start) + 1 || start);
  const end = Math.min(text.length, start + SNIPPET);
  const inside = spans
    .filter((s) => s.end > start && s.start < end)
    .map((s) => ({ start: Math.max(s.start, start) - start, end: Math.min(s.end, end) - start }));
  const segments = segmentsOf(text.slice(start, end), inside);
  if (start > 0) segments.unshift({ text: "…", mark: false });
  if (end < text.length) segments.push({ text: "…", mark: false });
  return segments;
}
