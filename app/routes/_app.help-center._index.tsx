import { requireReader, servicesOf } from "~/core/context.server";
import { helpLanguage, helpLibrary, popularArticles } from "~/features/help/articles.server";
import { HelpCenterPage } from "~/features/help/help-center-page";
import { allArticles, TOPICS } from "~/features/help/library.server";
import { searchArticles } from "~/features/help/search.server";
import { supportRequestSchema } from "~/features/support/schemas";
import { recentSupportRequests, sendSupportRequest, supportChannels } from "~/features/support/support.server";
import { SupportCard } from "~/features/support/support-card";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { APP_VERSION } from "~/lib/version";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.help-center._index";

const brief = ({ slug, title, summary }: { slug: string; title: string; summary: string }) => ({
  slug,
  title,
  summary,
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const language = helpLanguage(reader);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const articles = allArticles(helpLibrary(), language);
  const channels = supportChannels(services);
  return {
    q,
    results: q ? searchArticles(helpLibrary(), language, q) : null,
    topics: TOPICS.map((topic) => ({
      topic,
      articles: articles.filter((a) => a.topic === topic).map(brief),
    })).filter((t) => t.articles.length > 0),
    popular: q ? [] : (await popularArticles(services, language)).map(brief),
    support: { ...channels, requests: channels.form ? await recentSupportRequests(services, reader.id) : [] },
  };
}

/** "Contact support": the question is stored and queued for the support chat; back to the form with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const reader = requireReader(context);
  const submission = parseForm(await readForm(request), supportRequestSchema);
  if (!submission.success) return formFailure(submission.result);
  const sent = await sendSupportRequest(servicesOf(context), reader, submission.data, {
    language: helpLanguage(reader),
    appVersion: APP_VERSION,
  });
  if ("refused" in sent)
    return formFailure({ values: submission.values, formError: { key: sent.refused } }, sent.status);
  return redirectWithToast(servicesOf(context).env, "/help-center#support", {
    type: "success",
    key: "help:support.queuedToast",
  });
}

export default function HelpCenterRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { support } = loaderData;
  return (
    <HelpCenterPage
      data={loaderData}
      support={
        <SupportCard botUrl={support.botUrl} form={support.form} requests={support.requests} result={actionData} />
      }
    />
  );
}

export const ErrorBoundary = PageErrorBoundary;
