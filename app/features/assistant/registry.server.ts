// The tools as the model sees them (name, description, JSON schema of the arguments) and the one way any
// caller runs one: arguments checked by the tool's schema, refusals and failures turned into a result the
// model reads, never an exception out of the answer.
import { z } from "zod";
import type { Services } from "~/core/context.server";
import type { Reader } from "~/core/reader";
import {
  compare,
  compareArgs,
  sentimentSplit,
  shareOfVoice,
  topArgs,
  topics,
  topicsArgs,
  topList,
  volumeOverTime,
} from "./insights.server";
import {
  filterArgs,
  listOpenTasks,
  mentionCount,
  scopeArgs,
  searchArgs,
  searchMentions,
  type Tool,
  type ToolOutcome,
  ToolRefusal,
  tasksArgs,
} from "./tools.server";

interface ToolSpec<S extends z.ZodType> {
  name: string;
  description: string;
  args: S;
  run: Tool<S>;
}

const tool = <S extends z.ZodType>(spec: ToolSpec<S>) => spec as unknown as ToolSpec<z.ZodType>;

export const TOOLS = [
  tool({
    name: "count_mentions",
    description:
      "How many mentions match: by projects, period, sentiment, source type, language and search words; in total and per project.",
    args: filterArgs,
    run: mentionCount,
  }),
  tool({
    name: "search_mentions",
    description:
      "The newest mentions matching the filters, with their ids, links (/messages/<id>), sources and snippets. Cite them by link.",
    args: searchArgs,
    run: searchMentions,
  }),
  tool({
    name: "volume_over_time",
    description: "Mentions per day by sentiment over a period, the busiest day, and the previous period's total.",
    args: scopeArgs,
    run: volumeOverTime,
  }),
  tool({
    name: "sentiment_split",
    description:
      "Positive, neutral and negative mentions (counts and percent) and net sentiment (−1…1) over a period, with the previous period's.",
    args: scopeArgs,
    run: sentimentSplit,
  }),
  tool({
    name: "share_of_voice",
    description:
      "Share of voice of the projects against their competitor projects over a period (competitors the user may not see are 'other').",
    args: scopeArgs,
    run: shareOfVoice,
  }),
  tool({
    name: "top_list",
    description: "Top sources or authors by mentions.",
    args: topArgs,
    run: topList,
  }),
  tool({
    name: "topics",
    description:
      "What mentions are about: the main topics (phrases much more frequent than in the rest of the workspace, one row per topic, in any language), e.g. the main negative topics with sentiment 'negative'. Each has its mention count (exactly what its link to the messages feed shows), the count before, its sentiment percentages and its newest mentions to cite by link.",
    args: topicsArgs,
    run: topics,
  }),
  tool({
    name: "compare",
    description:
      "Mentions, reach, sentiment and net sentiment of two projects over one period, or of the same projects over two periods.",
    args: compareArgs,
    run: compare,
  }),
  tool({
    name: "list_open_tasks",
    description: "Open tasks (not done or canceled) in the user's projects, soonest due first.",
    args: tasksArgs,
    run: listOpenTasks,
  }),
];

export type ToolName = string;

/** The tools in the chat completions API's format. */
export function toolDefinitions() {
  return TOOLS.map((spec) => ({
    type: "function" as const,
    function: {
      name: spec.name,
      description: spec.description,
      parameters: z.toJSONSchema(spec.args, { io: "input" }) as Record<string, unknown>,
    },
  }));
}

const refused = (error: string): ToolOutcome => ({ result: { error }, blocks: [], cited: [] });

/** Runs a tool by name, as the reader, with arguments as JSON text (the model's) or an object (the analyst's). */
export async function callTool(
  services: Services,
  reader: Reader,
  name: string,
  rawArgs: string | object,
): Promise<ToolOutcome> {
  const spec = TOOLS.find((t) => t.name === name);
  if (!spec) return refused(`There is no tool "${name}".`);
  let input: unknown = rawArgs;
  if (typeof rawArgs === "string") {
    try {
      input = rawArgs.trim() ? JSON.parse(rawArgs) : {};
    } catch {
      return refused("The arguments are not valid JSON.");
    }
  }
  const parsed = spec.args.safeParse(input);
  if (!parsed.success) return refused(`Invalid arguments: ${z.prettifyError(parsed.error)}`);
  try {
    return await spec.run(services, reader, parsed.data);
  } catch (error) {
    if (error instanceof ToolRefusal) return refused(error.message);
    services.log.error({ err: error, tool: name }, "assistant tool failed");
    return refused("The tool failed; say so instead of guessing.");
  }
}
