import type { Services } from "~/core/context.server";
import type { Reader } from "~/core/reader";
import { listProjects } from "~/features/projects/projects.server";
import type { Language } from "~/i18n/config";
import { translatorFor } from "~/i18n/i18n.server";

/**
 * Questions to start an empty conversation, built from the reader's projects (active ones first) in their
 * interface language; each is one the built-in analyst answers.
 */
export async function suggestedQuestions(services: Services, reader: Reader): Promise<string[]> {
  const t = await translatorFor(reader.language as Language, "ai-assistant");
  const projects = (await listProjects(services, reader)).filter((p) => p.status === "active");
  const [first, second] = projects;
  if (!first) return [];
  return [
    t("suggest.count", { project: first.name }),
    t("suggest.negative", { project: first.name }),
    t("suggest.trend", { project: first.name }),
    t("suggest.sentiment", { project: first.name }),
    t("suggest.topSources", { project: first.name }),
    t("suggest.topics", { project: first.name }),
    ...(second ? [t("suggest.compare", { a: first.name, b: second.name })] : []),
    t("suggest.tasks"),
  ];
}
