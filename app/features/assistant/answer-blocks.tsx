import { Fragment } from "react";
import { Link } from "react-router";
import type { AssistantBlock, BlockCell, BlockText } from "~/db/assistant-blocks";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { BarList } from "~/ui/charts/bar-list";
import { SENTIMENT_COLORS } from "~/ui/charts/colors";
import { type ChartSeries, StackedBarChart } from "~/ui/charts/stacked-bar-chart";
import { ArrowRight, MessagesSquare } from "~/ui/icons";
import { SentimentBadge } from "~/ui/sentiment";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MESSAGE_LINK = /\[([^\]\n]{1,200})\]\((\/messages\/[0-9a-f-]{36})\)/g;

/** Days are calendar keys: formatted as themselves, whatever the user's zone. */
function useDayFormatter() {
  return useFormatter({ timeZone: "UTC" });
}

function useBlockText() {
  const { t } = useTranslation("ai-assistant");
  const format = useDayFormatter();
  return (text: BlockText) =>
    t(
      text.key,
      Object.fromEntries(
        Object.entries(text.values ?? {}).map(([k, v]) => [
          k,
          typeof v === "string" && DAY.test(v) ? format.date(v) : v,
        ]),
      ),
    );
}

/** A cell as plain text (numbers and days in the user's format, words translated). */
function useCellText() {
  const { t } = useTranslation("ai-assistant");
  const format = useDayFormatter();
  return (cell: BlockCell): string => {
    if ("n" in cell) return format.number(cell.n);
    if ("day" in cell) return format.date(cell.day);
    if ("from" in cell) return t("blocks.range", { from: format.date(cell.from), to: format.date(cell.to) });
    if ("t" in cell) return t(cell.t);
    return cell.text;
  };
}

function Cell({ cell }: { cell: BlockCell }) {
  const text = useCellText()(cell);
  if ("feed" in cell && cell.feed) {
    return (
      <Link to={`/messages?${cell.feed}`} className="hover:underline focus-visible:underline" data-user-content>
        {text}
      </Link>
    );
  }
  return "text" in cell ? <span data-user-content>{text}</span> : text;
}

function BarsBlock({ block }: { block: Extract<AssistantBlock, { kind: "bars" }> }) {
  const { t } = useTranslation("ai-assistant");
  const title = useBlockText()(block.title);
  const cellText = useCellText();
  const columns = block.columns.map((c) => t(c));
  return (
    <figure className="flex max-w-xl flex-col gap-1">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      {/* The list's own column headers are for screen readers: these name the numbers for everyone else. */}
      <div aria-hidden="true" className="flex justify-end text-right text-xs text-muted-foreground">
        {columns.map((column) => (
          <span key={column} className="w-14 pl-2 sm:w-[4.5rem]">
            {column}
          </span>
        ))}
      </div>
      <BarList
        caption={title}
        nameHeader={t(block.nameColumn)}
        columns={columns}
        empty={t("blocks.empty")}
        rows={block.rows.map((row, i) => {
          const name = cellText(row.name);
          const cells = row.cells.map(cellText);
          return {
            key: `${i}-${name}`,
            label: <Cell cell={row.name} />,
            length: row.length,
            parts: row.sentiment
              ? (["negative", "neutral", "positive"] as const).map((s) => ({
                  key: s,
                  value: row.sentiment?.[s] ?? 0,
                  color: SENTIMENT_COLORS[s],
                }))
              : undefined,
            cells,
            tip: `${name}: ${cells.map((c, k) => `${columns[k]} ${c}`).join(", ")}`,
          };
        })}
      />
    </figure>
  );
}

/**
 * An answer's text: paragraphs as written, with Markdown links to mentions (`[text](/messages/<id>)`) as
 * links; nothing else is interpreted, so a model (or a quoted mention) cannot inject markup.
 */
export function AnswerText({ content }: { content: string }) {
  return (
    <div className="flex flex-col gap-3">
      {content
        .split(/\n{2,}/)
        .filter((p) => p.trim())
        .map((paragraph, i) => {
          const parts: React.ReactNode[] = [];
          let last = 0;
          for (const match of paragraph.matchAll(MESSAGE_LINK)) {
            parts.push(paragraph.slice(last, match.index));
            parts.push(
              <Link key={match.index} to={match[2] as string} className="text-primary underline underline-offset-2">
                {match[1]}
              </Link>,
            );
            last = match.index + match[0].length;
          }
          parts.push(paragraph.slice(last));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a stored text keep their order.
            <p key={i} className="whitespace-pre-wrap break-words">
              {parts.map((part, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one paragraph, in order.
                <Fragment key={k}>{part}</Fragment>
              ))}
            </p>
          );
        })}
    </div>
  );
}

type Sentiment = "positive" | "neutral" | "negative";

function VolumeBlock({ block }: { block: Extract<AssistantBlock, { kind: "volume" }> }) {
  const { t } = useTranslation("ai-assistant");
  const format = useDayFormatter();
  const title = useBlockText()(block.title);
  const series: ChartSeries<Sentiment>[] = (["negative", "neutral", "positive"] as const).map((key) => ({
    key,
    label: t(`sentiment.${key}`),
    color: `var(--${key})`,
  }));
  const total = block.days.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <StackedBarChart
        data={block.days.map((d) => ({
          key: d.day,
          axisLabel: format.dayMonth(d.day),
          title: format.date(d.day),
          values: d,
        }))}
        series={series}
        summary={t("blocks.volumeSummary", { count: total, n: format.number(total) })}
        caption={title}
        categoryHeader={t("columns.day")}
        totalLabel={t("columns.total")}
        formatValue={format.number}
        axis={block.axis}
        tickEvery={Math.max(1, Math.ceil(block.days.length / 8))}
      />
    </figure>
  );
}

export function AnswerBlocks({ blocks }: { blocks: AssistantBlock[] }) {
  const { t } = useTranslation("ai-assistant");
  const blockText = useBlockText();
  const format = useFormatter();
  if (blocks.length === 0) return null;
  const feeds = [...new Set(blocks.flatMap((b) => (b.kind === "feed" ? [b.query] : [])))];
  return (
    <div className="flex flex-col gap-4">
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`;
        if (block.kind === "table") {
          return (
            <div key={key} className="overflow-x-auto">
              <table className="w-full min-w-[16rem] text-sm">
                <caption className="mb-2 text-left font-medium">{blockText(block.title)}</caption>
                <thead>
                  <tr className="border-b border-border text-left text-muted-foreground">
                    {block.columns.map((column) => (
                      <th key={column} scope="col" className="py-1.5 pe-4 font-medium last:pe-0">
                        {t(column)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {block.rows.map((row, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a stored table's rows keep their order.
                    <tr key={r} className="border-b border-border last:border-0">
                      {row.map((cell, c) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns.
                        <td key={c} className={c ? "py-1.5 pe-4 tabular-nums last:pe-0" : "py-1.5 pe-4"}>
                          <Cell cell={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }
        if (block.kind === "volume") return <VolumeBlock key={key} block={block} />;
        if (block.kind === "bars") return <BarsBlock key={key} block={block} />;
        if (block.kind === "mentions") {
          return (
            <section key={key} aria-label={t("blocks.cited")}>
              <h3 className="mb-2 text-sm font-medium">{t("blocks.cited")}</h3>
              <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
                {block.items.map((m) => (
                  <li key={m.id} className="flex flex-col gap-1 p-3">
                    <Link
                      to={`/messages/${m.id}`}
                      className="font-medium text-primary underline-offset-2 hover:underline"
                      data-user-content
                    >
                      {m.heading}
                    </Link>
                    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <span data-user-content>{m.source}</span>
                      <span>{format.when(m.publishedAt)}</span>
                      <SentimentBadge sentiment={m.sentiment} label={t(`sentiment.${m.sentiment}`)} />
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          );
        }
        return null;
      })}
      {feeds.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {feeds.map((query) => (
            <Link key={query} to={`/messages?${query}`} className={buttonClass("outline", "sm")}>
              <MessagesSquare aria-hidden="true" />
              {t("openInMessages")}
              <ArrowRight aria-hidden="true" />
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
