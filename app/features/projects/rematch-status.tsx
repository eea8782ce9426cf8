import type { RematchState } from "~/db/schema";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { useRevalidateWhile } from "~/lib/use-revalidate-while";
import { LoaderCircle } from "~/ui/icons";

const REFRESH_MS = 2_000;

/**
 * Where the background re-match of a project's mentions stands (after its rules changed); with
 * JavaScript the page refreshes itself while it runs.
 */
export function RematchStatus({ rematch }: { rematch: RematchState | null }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const active = rematch?.status === "queued" || rematch?.status === "running";
  useRevalidateWhile(active, REFRESH_MS);
  if (!rematch) return null;

  if (active) {
    const { processed, total } = rematch;
    return (
      <div role="status" className="mb-6 rounded-lg border border-border bg-muted/40 p-3 text-sm">
        <p className="flex items-center gap-2">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {rematch.status === "queued"
            ? t("rematch.queued")
            : t("rematch.running", { processed: format.number(processed), total: format.number(total) })}
        </p>
        {rematch.status === "running" && (
          <progress
            className="mt-2 h-1.5 w-full accent-primary"
            max={Math.max(total, 1)}
            value={processed}
            aria-label={t("rematch.progress")}
          />
        )}
      </div>
    );
  }
  const when = format.when(rematch.finishedAt ?? rematch.startedAt);
  // "a minute ago" may have moved on by the time the page hydrates: the server's text stays.
  if (rematch.status === "failed") {
    return (
      <p role="status" className="mb-6 text-sm text-danger" suppressHydrationWarning>
        {t("rematch.failed", { when })}
      </p>
    );
  }
  return (
    <p role="status" className="mb-6 text-sm text-muted-foreground" suppressHydrationWarning>
      {t("rematch.done", { when })} {t("rematch.added", { value: format.number(rematch.added) })} ·{" "}
      {t("rematch.removed", { value: format.number(rematch.removed) })}
    </p>
  );
}
