import { useEffect, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, translateErrors, translateMessage } from "~/lib/forms";
import { showToast } from "~/shell/toaster";

/**
 * A settings form that saves through a fetcher: while it is on its way the page shows the new values
 * (`pending`); if the save fails the form is remounted with the stored values (`key`) and an error
 * toast says why. Without JavaScript the same <fetcher.Form> is a plain post (errors in actionData).
 */
export function usePreferenceForm(intent?: string) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormResult>({ key: intent });
  const actionData = useActionData<FormResult>();
  const [generation, setGeneration] = useState(0);
  const result = fetcher.data ?? actionData;

  useEffect(() => {
    const formError = fetcher.data?.formError;
    if (fetcher.state !== "idle" || !formError) return;
    showToast("error", translateMessage(t, formError));
    setGeneration((g) => g + 1);
  }, [fetcher.state, fetcher.data, t]);

  const pending = fetcher.formData ? (Object.fromEntries(fetcher.formData) as Record<string, string>) : null;
  return {
    fetcher,
    result,
    pending,
    key: generation,
    errors: translateErrors(t, result),
    saving: fetcher.state !== "idle",
  };
}
