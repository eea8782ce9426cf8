// What an answer shows under its text, stored with it (assistant_messages.blocks) and rendered by the page.
// Plain data built from tool results, never from the model's words: the numbers are the queries' own.

/** A translation key of the ai-assistant namespace with its values (texts from the workspace stay as typed). */
export interface BlockText {
  key: string;
  values?: Record<string, string | number>;
}

/** A cell: a number or days (formatted on the page), a workspace name (as is), a name linking to the messages
 * feed (`feed`: its URL parameters, from a tool's own data), or a translated word. */
export type BlockCell =
  | { n: number }
  | { text: string; feed?: string }
  | { day: string }
  | { from: string; to: string }
  | { t: string };

export interface CitedMention {
  id: string;
  heading: string;
  source: string;
  publishedAt: string;
  sentiment: "positive" | "neutral" | "negative";
}

export type AssistantBlock =
  | { kind: "table"; title: BlockText; columns: string[]; rows: BlockCell[][] }
  | {
      kind: "volume";
      title: BlockText;
      days: Array<{ day: string; positive: number; neutral: number; negative: number }>;
      /** The value axis, from the charts kit's geometry (ADR 029). */
      axis: { ticks: Array<{ value: number; y: number }>; zero: number; top: number };
    }
  /** A ranked list as bars (top sources, authors, topics, share of voice), lengths from the kit's geometry. */
  | {
      kind: "bars";
      title: BlockText;
      nameColumn: string;
      columns: string[];
      rows: Array<{
        name: BlockCell;
        /** Percent of the longest. */
        length: number;
        sentiment?: { positive: number; neutral: number; negative: number };
        cells: BlockCell[];
      }>;
    }
  | { kind: "mentions"; items: CitedMention[] }
  /** "Open in messages": the feed's URL parameters (see parseFeedQuery). */
  | { kind: "feed"; query: string };

export interface AssistantToolCall {
  name: string;
  arguments: unknown;
  /** What the tool returned to the model, or the refusal it saw. */
  result: unknown;
}
