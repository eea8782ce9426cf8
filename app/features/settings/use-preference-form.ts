import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useFetcher } from "react-router";
import { showToast } from "~/shell/toaster";
import type { SaveResult } from "./save.server";

/**
 * A settings form that saves through a fetcher: while it is on its way the page shows the new values
 * (`pending`); if the save fails the form is remounted with the stored values (`key`) and an error
 * toast says why. Without JavaScript the same <fetcher.Form> is a plain post (errors in actionData).
 */
export function usePreferenceForm(intent?: string) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SaveResult>({ key: intent });
  const actionData = useActionData<SaveResult>();
  const [generation, setGeneration] = useState(0);
  const result = fetcher.data ?? actionData;

  useEffect(() => {
    const formError = fetcher.data?.formError;
    if (fetcher.state !== "idle" || !formError) return;
    showToast("error", "key" in formError ? t(formError.key) : formError.text);
    setGeneration((g) => g + 1);
  }, [fetcher.state, fetcher.data, t]);

  const pending = fetcher.formData ? (Object.fromEntries(fetcher.formData) as Record<string, string>) : null;
  const error = (field: string) => (result?.fieldErrors?.[field] ? t(result.fieldErrors[field]) : undefined);
  return { fetcher, pending, key: generation, error, saving: fetcher.state !== "idle" };
}
