// The built-in analyst (no model configured): recognises what a question asks (intent.ts), one thing or
// several, fills the same tools the model calls for each, and writes the answer part by part from the tools'
// numbers with the translations of the user's interface language, citing mentions by their links. It says
// once per conversation that no AI model is configured and what it can answer.
import type { TFunction } from "i18next";
import { percentChange } from "~/core/change";
import type { Services } from "~/core/context.server";
import { today } from "~/core/period";
import type { Reader } from "~/core/reader";
import type { CitedMention } from "~/db/assistant-blocks";
import { listProjects } from "~/features/projects/projects.server";
import type { Language } from "~/i18n/config";
import { translatorFor } from "~/i18n/i18n.server";
import { createFormatter, type Formatter } from "~/lib/format";
import type { AnswerSink, EngineResult } from "./engine";
import { type Intent, type Part, recognise } from "./intent";
import { callTool } from "./registry.server";

type Data = Record<string, any>;

function toolFor(part: Part, intent: Intent): { name: string; args: Record<string, unknown> } {
  const [first, second] = intent.periods;
  const period = first ? `${first.from}..${first.to}` : undefined;
  const projects = intent.projectIds.length ? intent.projectIds : undefined;
  const base = { projects, period, ...(intent.sentiment ? { sentiment: intent.sentiment } : {}) };
  switch (part) {
    case "tasks":
      return { name: "list_open_tasks", args: { projects } };
    case "share":
      return { name: "share_of_voice", args: { projects, period } };
    case "compare":
      return {
        name: "compare",
        args: {
          projects,
          periods: [first, second].filter(Boolean).map((p) => `${p?.from}..${p?.to}`),
          ...(intent.sentiment ? { sentiment: intent.sentiment } : {}),
        },
      };
    case "top":
      return { name: "top_list", args: { ...base, kind: intent.top } };
    case "topics":
      return { name: "topics", args: base };
    case "trend":
      return { name: "volume_over_time", args: base };
    case "sentiment":
      return { name: "sentiment_split", args: { projects, period } };
    case "search":
      return { name: "search_mentions", args: { ...base, ...(intent.query ? { query: intent.query } : {}) } };
    default:
      return { name: "count_mentions", args: { ...base, ...(intent.query ? { query: intent.query } : {}) } };
  }
}

/** A mention cited in the text: its source and day (never its words, which an old answer must not keep). */
const citation = (format: Formatter, m: CitedMention) =>
  `[${`${m.source}, ${format.dayMonth(m.publishedAt)}`.replace(/[[\]\n]/g, " ")}](/messages/${m.id})`;

/** One part of the answer, from its tool's result (`cited`: the mentions it cites). */
function write(
  t: TFunction,
  reader: Reader,
  part: Part,
  intent: Intent,
  { data, cited }: { data: Data; cited: CitedMention[] },
  scope: string,
): string[] {
  const language = reader.language;
  const preferences = { locale: language, use12Hour: false, dateFormat: "medium", showRelativeTime: false } as const;
  const format = createFormatter({ ...preferences, timeZone: "UTC" });
  // Mentions are instants: their day is the reader's.
  const local = createFormatter({ ...preferences, timeZone: reader.timeZone });
  const cite = (mentions: CitedMention[]) => mentions.map((m) => citation(local, m)).join(", ");
  const n = (value: number) => format.number(value);
  const pct = (value: number) => `${format.number(value)}%`;
  const signed = (value: number | null) => (value === null ? t("analyst.noNet") : format.signed(value));
  const range = (r: { from: string; to: string }) =>
    r.from === r.to ? format.date(r.from) : t("analyst.range", { from: format.date(r.from), to: format.date(r.to) });
  const mentions = (count: number, estimated = false) =>
    t("analyst.mentions", { count, n: estimated ? t("analyst.about", { n: n(count) }) : n(count) });
  const change = (now: number, before: number) => {
    const delta = percentChange(now, before);
    if (delta === null) return now === 0 ? t("analyst.change.same") : t("analyst.change.new");
    if (delta === 0) return t("analyst.change.same");
    return t(delta > 0 ? "analyst.change.up" : "analyst.change.down", { pct: pct(Math.abs(delta)) });
  };
  const filter = intent.sentiment ? `${t(`analyst.only.${intent.sentiment}`)}${intent.query ? ", " : ""}` : "";
  const words = intent.query ? t("analyst.withWords", { words: intent.query }) : "";
  const scopeText = filter || words ? `${scope} (${filter}${words})` : scope;

  switch (part) {
    case "count":
      return [
        t("analyst.count", {
          scope: scopeText,
          mentions: mentions(data.mentions, data.estimated),
          range: range(data.period),
        }),
        ...(data.byProject?.length > 1
          ? [`${data.byProject.map((p: Data) => `${p.name}: ${mentions(p.mentions)}`).join("; ")}.`]
          : []),
      ];
    case "search":
      return data.mentions.length
        ? [t("analyst.search", { scope: scopeText, range: range(data.period), mentions: cite(cited) })]
        : [t("analyst.searchNone", { scope: scopeText, range: range(data.period) })];
    case "topics": {
      const topics: Data[] = data.topics;
      if (topics.length === 0) return [t("analyst.topicsNone", { scope: scopeText, range: range(data.period) })];
      const lines = topics.map((topic, i) =>
        t("analyst.topic", {
          n: i + 1,
          topic: topic.topic,
          mentions: mentions(topic.mentions, topic.estimated),
          negative: pct(topic.percent.negative),
          change: change(topic.mentions, topic.mentionsBefore),
          examples: cite(cited.filter((m) => topic.newest.some((e: Data) => e.id === m.id))),
        }),
      );
      return [`${t("analyst.topics", { scope: scopeText, range: range(data.period) })}\n${lines.join("\n")}`];
    }
    case "trend":
      return [
        t("analyst.trend", {
          scope: scopeText,
          mentions: mentions(data.mentions),
          range: range(data.period),
          change: change(data.mentions, data.previousPeriod.mentions),
        }),
        ...(data.busiestDay
          ? [
              t("analyst.busiest", {
                day: format.date(data.busiestDay.day),
                mentions: mentions(data.busiestDay.mentions),
              }),
            ]
          : []),
      ];
    case "sentiment":
      return data.mentions
        ? [
            t("analyst.sentiment", {
              scope,
              range: range(data.period),
              mentions: mentions(data.mentions),
              positive: pct(data.percent.positive),
              neutral: pct(data.percent.neutral),
              negative: pct(data.percent.negative),
            }),
            t("analyst.net", { net: signed(data.netSentiment), before: signed(data.previousPeriod.netSentiment) }),
          ]
        : [t("analyst.none", { scope, range: range(data.period) })];
    case "share":
      return data.entries.some((e: Data) => e.mentions > 0)
        ? [
            t("analyst.share", {
              range: range(data.period),
              list: data.entries
                .map((e: Data) => `${e.name ?? t("blocks.other")} ${pct(e.percent)} (${n(e.mentions)})`)
                .join(", "),
            }),
          ]
        : [t("analyst.none", { scope, range: range(data.period) })];
    case "top": {
      const kind = intent.top ?? "sources";
      const items: Data[] = data[kind] ?? [];
      return items.length
        ? [
            t(`analyst.top.${kind}`, {
              scope: scopeText,
              range: range(data.period),
              list: items.map((i) => `${i.name} (${n(i.mentions)})`).join(", "),
            }),
          ]
        : [t("analyst.none", { scope, range: range(data.period) })];
    }
    case "compare": {
      const [a, b] = data.sides as Data[];
      if (!a || !b) return [t("analyst.failed")];
      if (data.comparing === "projects") {
        return [
          t("analyst.compareProjects", {
            range: range(a.period),
            a: a.label,
            b: b.label,
            na: mentions(a.mentions),
            nb: mentions(b.mentions),
            neta: signed(a.netSentiment),
            netb: signed(b.netSentiment),
          }),
        ];
      }
      return [
        t("analyst.comparePeriods", {
          scope: scopeText,
          na: mentions(a.mentions),
          nb: mentions(b.mentions),
          a: range(a.period),
          b: range(b.period),
          change: change(a.mentions, b.mentions),
        }),
      ];
    }
    case "tasks":
      return data.openTasks.length
        ? [t("analyst.tasks", { count: data.openTasks.length, n: n(data.openTasks.length), scope })]
        : [t("analyst.tasksNone", { scope })];
  }
}

export async function analystAnswer(
  services: Services,
  reader: Reader,
  question: string,
  { introduce }: { introduce: boolean },
  sink: AnswerSink,
): Promise<EngineResult> {
  const t = await translatorFor(reader.language as Language, "ai-assistant");
  const projects = await listProjects(services, reader);
  const sentences: string[] = introduce ? [t("analyst.notice")] : [];
  const result: EngineResult = { content: "", blocks: [], toolCalls: [], cited: [] };
  if (projects.length === 0) sentences.push(t("analyst.noProjects"));
  else {
    const intent = recognise(question, projects, today(reader.timeZone));
    const named = intent.projectIds.map((id) => projects.find((p) => p.id === id)?.name).filter(Boolean);
    const scope = named.length ? named.join(", ") : t("analyst.allProjects");
    // Each part in the order asked, each from its own tool: "how many… show them" is a count, then the mentions.
    for (const part of intent.parts) {
      const call = toolFor(part, intent);
      sink.tool(call.name);
      const outcome = await callTool(services, reader, call.name, call.args);
      const failed = "error" in outcome.result;
      sentences.push(
        ...(failed
          ? [t("analyst.failed")]
          : write(t, reader, part, intent, { data: outcome.result, cited: outcome.cited }, scope)),
      );
      result.blocks.push(...outcome.blocks);
      result.toolCalls.push({ name: call.name, arguments: call.args, result: outcome.result });
      result.cited.push(...outcome.cited);
    }
  }
  result.content = sentences.join("\n\n");
  for (const [i, sentence] of sentences.entries()) sink.text(i ? `\n\n${sentence}` : sentence);
  return result;
}
