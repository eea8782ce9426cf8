import { useTranslation } from "react-i18next";
import { useFormatter } from "~/lib/format";

// The sentiment palette's theme tokens (app/ui/sentiment.tsx), so light and dark both read well.
const COLORS = { positive: "var(--positive)", neutral: "var(--neutral)", negative: "var(--negative)" } as const;
type Day = { day: string; positive: number; neutral: number; negative: number };

/** Mentions per day, stacked by sentiment: SVG rendered on the server, with the numbers as a table too. */
export function VolumeChart({ days }: { days: Day[] }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const max = Math.max(1, ...days.map((d) => d.positive + d.neutral + d.negative));
  const total = days.reduce((sum, d) => sum + d.positive + d.neutral + d.negative, 0);
  const width = 10;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${days.length * width} 100`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-label={t("detail.volumeSummary", { count: total })}
      >
        {days.map((d, i) => {
          let y = 100;
          return (["negative", "neutral", "positive"] as const).map((s) => {
            const h = (d[s] / max) * 96;
            y -= h;
            return h > 0 ? (
              <rect key={`${d.day}-${s}`} x={i * width + 1} y={y} width={width - 2} height={h} fill={COLORS[s]} />
            ) : null;
          });
        })}
      </svg>
      <figcaption className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
        <span>{days[0] && format.date(days[0].day)}</span>
        <span className="flex gap-3">
          {(["positive", "neutral", "negative"] as const).map((s) => (
            <span key={s} className="flex items-center gap-1">
              <span className="inline-block size-2.5 rounded-sm" style={{ background: COLORS[s] }} aria-hidden="true" />
              {t(`sentiment.${s}`)}
            </span>
          ))}
        </span>
        <span>{days.at(-1) && format.date(days.at(-1)?.day as string)}</span>
      </figcaption>
      {/* A table ignores the 1 px width of sr-only and would widen a phone's page: its box does not. */}
      <div className="sr-only">
        <table>
          <caption>{t("detail.volume")}</caption>
          <thead>
            <tr>
              <th>{t("detail.day")}</th>
              <th>{t("sentiment.positive")}</th>
              <th>{t("sentiment.neutral")}</th>
              <th>{t("sentiment.negative")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.positive}</td>
                <td>{d.neutral}</td>
                <td>{d.negative}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
