import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { StatCard } from "~/ui/card";
import { CircleAlert, CircleCheck, Clock, Eye, LoaderCircle } from "~/ui/icons";
import { RowProblems } from "~/ui/row-problems";
import type { Tone } from "~/ui/tone";

type Status = "preview" | "queued" | "running" | "done" | "failed";

const BADGES: Record<Status, { tone: Tone; icon: typeof Eye }> = {
  preview: { tone: "neutral", icon: Eye },
  queued: { tone: "neutral", icon: Clock },
  running: { tone: "warning", icon: LoaderCircle },
  done: { tone: "success", icon: CircleCheck },
  failed: { tone: "danger", icon: CircleAlert },
};

export function ImportStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation("imports");
  const { tone, icon } = BADGES[status];
  return (
    <Badge tone={tone} icon={icon}>
      {t(`status.${status}`)}
    </Badge>
  );
}

const COUNTS = ["new", "duplicate", "matched", "rejected"] as const;

/** What the pipeline made of a finished import. */
export function ImportResult({ result }: { result: Partial<Record<(typeof COUNTS)[number], number>> }) {
  const { t } = useTranslation("imports");
  const format = useFormatter();
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {COUNTS.map((count) => (
        <StatCard key={count} label={t(`result.${count}`)} value={format.number(result[count] ?? 0)} />
      ))}
    </div>
  );
}

/** A failed import's rows and what is wrong with each; nothing of the file was stored. */
export function ImportErrors({
  errors,
  invalidRows,
  format: fileFormat,
}: {
  errors: Array<{ row: number; message: string }>;
  invalidRows: number;
  format: "csv" | "json";
}) {
  const { t } = useTranslation("imports");
  const format = useFormatter();
  const say = (message: string) => {
    const [field = "item", problem = "crashed"] = message.split(".");
    return t(`problems.${problem}`, { field: t(`fields.${field}`) });
  };
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="text-sm text-danger">
        {invalidRows > 0 ? t("errors.summary", { rows: format.number(invalidRows) }) : t("errors.crashed")}
      </p>
      {invalidRows > 0 && (
        <RowProblems
          caption={t("errors.caption")}
          rowLabel={t(fileFormat === "csv" ? "errors.row" : "errors.item")}
          problemLabel={t("errors.problem")}
          problems={errors.map((error) => ({ row: error.row, problem: say(error.message) }))}
        />
      )}
    </div>
  );
}
