// What either engine (the model, the built-in analyst) gives the answer runner.
import type { AssistantBlock, AssistantToolCall, CitedMention } from "~/db/assistant-blocks";

export interface HistoryTurn {
  role: "user" | "assistant";
  content: string;
}

/** Where an answer goes while it is written: the page's stream (or nowhere, for a form post). */
export interface AnswerSink {
  text(delta: string): void;
  tool(name: string): void;
}

export interface EngineResult {
  content: string;
  blocks: AssistantBlock[];
  toolCalls: AssistantToolCall[];
  cited: CitedMention[];
  /** A translation key (ai-assistant namespace) when the answer failed. */
  error?: string;
}
