import type { useFetcher } from "react-router";
import { SENTIMENTS } from "~/db/mention-model";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { checkboxClass, useHydrated } from "~/ui/data-table/url-form";
import { ListChecks } from "~/ui/icons";
import { CompactSelect, TagInput } from "./controls";
import { BULK_INTENTS } from "./feed";

/**
 * The feed's bulk form: the mentions' checkboxes belong to it (form="bulk"), and so does "all N matching".
 * Without JavaScript it posts and the page comes back with a toast; with it a fetcher posts, and the cards
 * show the change at once (rolled back by the reload if the server refused).
 */
export function BulkBar({
  fetcher,
  total,
}: {
  fetcher: ReturnType<typeof useFetcher>;
  total: { count: number; estimated: boolean };
}) {
  const { t } = useTranslation("messages");
  const format = useFormatter();
  const hydrated = useHydrated();
  const selectPage = (checked: boolean) => {
    for (const box of document.querySelectorAll<HTMLInputElement>('input[name="ids"][form="bulk"]')) {
      box.checked = checked;
    }
  };
  return (
    <fetcher.Form
      id="bulk"
      method="post"
      aria-label={t("bulk.label")}
      className="flex flex-wrap items-center gap-2 text-sm"
      onSubmit={(event) => {
        // The ticks go with the post; clear them once it is sent, as the cards now show the change.
        const form = event.currentTarget;
        queueMicrotask(() => {
          selectPage(false);
          for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) box.checked = false;
        });
      }}
    >
      {hydrated && (
        <label className="flex items-center gap-1.5">
          <input type="checkbox" className={checkboxClass} onChange={(e) => selectPage(e.currentTarget.checked)} />
          {t("bulk.selectPage")}
        </label>
      )}
      <label className="flex items-center gap-1.5">
        <input type="checkbox" name="scope" value="all" className={checkboxClass} />
        {t(total.estimated ? "bulk.allMatchingEstimated" : "bulk.allMatching", {
          value: format.number(total.count),
        })}
      </label>
      <CompactSelect
        id="bulk-intent"
        name="intent"
        label={t("bulk.action")}
        values={BULK_INTENTS}
        optionLabel={(intent) => t(`bulk.intent.${intent}`)}
        defaultValue="read"
      />
      <CompactSelect
        id="bulk-sentiment"
        name="sentiment"
        label={t("bulk.sentiment")}
        values={SENTIMENTS}
        optionLabel={(s) => t(`sentiment.${s}`)}
        defaultValue="neutral"
      />
      <TagInput id="bulk-tag" label={t("bulk.tag")} list="workspace-tags" className="w-32" />
      <button type="submit" className={buttonClass("outline", "sm")}>
        <ListChecks aria-hidden="true" />
        {t("bulk.apply")}
      </button>
    </fetcher.Form>
  );
}
