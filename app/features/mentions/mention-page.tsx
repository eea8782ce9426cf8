import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useLocation, useNavigationType } from "react-router";
import { queryTree } from "~/core/query";
import { highlight, needlesOf } from "~/core/search";
import { headingOf } from "~/core/text";
import { SENTIMENTS } from "~/db/mention-model";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { type FormResult, typedValue } from "~/lib/forms";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { FormError, InputField, SelectField } from "~/ui/field";
import { Highlighted } from "~/ui/highlighted";
import { ListTodo, Mail, MailOpen, Tag, X } from "~/ui/icons";
import { SentimentBadge } from "~/ui/sentiment";
import { sourceIcon } from "~/ui/source-icons";
import { useFormErrors } from "~/ui/use-form-fields";
import { controlClass, TagInput } from "./controls";
import { applyChange, MentionToggle, StarAndArchive } from "./feed-item";
import type { MentionData } from "./triage.server";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One mention in the feed's side panel: its text, facts, projects, tags, copies and tasks, and the triage forms. */
export function MentionPage({ data, actionData }: { data: MentionData; actionData: FormResult | undefined }) {
  const { t } = useTranslation("messages");
  const format = useFormatter();
  const location = useLocation();
  const { mention, canTriage } = data;
  const toggles = useFetcher();
  const sentimentForm = useFetcher();
  const tagForm = useFetcher();
  const flags = applyChange(
    applyChange(applyChange(mention, toggles.formData), sentimentForm.formData),
    tagForm.formData,
  );
  const errors = useFormErrors(actionData);
  const { heading, body } = headingOf(mention);
  const needles = needlesOf(
    queryTree(new URLSearchParams(location.search).get("q") ?? ""),
    mention.projects.flatMap((p) => p.terms),
  );
  const Icon = sourceIcon(mention.sourceType);
  const feedHref = `/messages${location.search}`;
  const action = `/messages/${mention.id}${location.search}`;
  const title = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  // Opened from the feed, focus lands on the mention's heading, so a keyboard or screen-reader user is where
  // they went; a page loaded or gone back to (POP) keeps the browser's focus. A form sent on this mention keeps it too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening another mention moves focus.
  useEffect(() => {
    if (navigationType !== "POP") title.current?.focus();
  }, [mention.id]);

  return (
    <article
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4"
      aria-labelledby="mention-title"
    >
      <link rel="expect" href="#mention-title" blocking="render" />
      <div className="flex items-start justify-between gap-2">
        <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">{t(`sourceType.${mention.sourceType}`)}:</span>
          <span data-user-content className="font-medium text-foreground">
            {mention.source}
          </span>
          {mention.author && <span data-user-content>{mention.author}</span>}
        </p>
        <Link to={feedHref} className={cn(buttonClass("ghost", "icon"), "size-8")} title={t("mention.close")}>
          <X aria-hidden="true" />
          <span className="sr-only">{t("mention.close")}</span>
        </Link>
      </div>
      <h2
        ref={title}
        id="mention-title"
        tabIndex={-1}
        className="rounded-sm text-lg font-semibold [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        data-user-content
      >
        <Highlighted segments={highlight(heading, needles, mention.language)} />
      </h2>
      {body && (
        <div className="text-sm whitespace-pre-line [overflow-wrap:anywhere]" data-user-content>
          <Highlighted segments={highlight(body, needles, mention.language)} />
        </div>
      )}
      {mention.url && (
        <a href={mention.url} target="_blank" rel="noopener noreferrer" className="text-sm font-medium underline">
          {t("mention.original")}
          <span aria-hidden="true"> ↗</span>
        </a>
      )}

      {canTriage && (
        <div className="flex flex-wrap items-center gap-1">
          <MentionToggle
            messageId={mention.id}
            intent={flags.isRead ? "unread" : "read"}
            label={flags.isRead ? t("action.unread") : t("action.read")}
            icon={flags.isRead ? Mail : MailOpen}
            fetcher={toggles}
          />
          <StarAndArchive messageId={mention.id} flags={flags} fetcher={toggles} />
          <span className="text-xs text-muted-foreground">
            {[
              flags.isRead ? t("state.read") : t("unread"),
              flags.isStarred && t("state.starred"),
              flags.isArchived && t("archived"),
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-3">
        <Fact label={t("mention.published")}>
          <time dateTime={mention.publishedAt}>{format.dateTime(mention.publishedAt)}</time>
        </Fact>
        <Fact label={t("mention.collected")}>
          <time dateTime={mention.collectedAt}>{format.dateTime(mention.collectedAt)}</time>
        </Fact>
        <Fact label={t("mention.language")}>{t(`language.${mention.language ?? "other"}`)}</Fact>
        <Fact label={t("mention.reach")}>{format.number(mention.reach)}</Fact>
        <Fact label={t("mention.sentiment")}>
          <span className="flex flex-wrap items-center gap-2">
            <SentimentBadge sentiment={flags.sentiment} label={t(`sentiment.${flags.sentiment}`)} />
            {mention.sentimentSetBy === "user" && (
              <span className="text-xs text-muted-foreground">{t("mention.setByPerson")}</span>
            )}
          </span>
        </Fact>
      </dl>

      {canTriage && (
        <sentimentForm.Form method="post" action={action} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="sentiment" />
          <label htmlFor="mention-sentiment" className="text-sm">
            {t("mention.correctSentiment")}
          </label>
          <select id="mention-sentiment" name="sentiment" defaultValue={mention.sentiment} className={controlClass}>
            {SENTIMENTS.map((s) => (
              <option key={s} value={s}>
                {t(`sentiment.${s}`)}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClass("outline", "sm")}>
            {t("mention.save")}
          </button>
        </sentimentForm.Form>
      )}

      <Section id="mention-projects" title={t("mention.projects")}>
        {mention.projects.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("mention.noProjects")}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {mention.projects.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2">
                <span className="size-2.5 rounded-full" style={{ background: p.color }} aria-hidden="true" />
                <Link to={`/projects/${p.id}`} className="font-medium hover:underline" data-user-content>
                  {p.name}
                </Link>
                <span className="text-muted-foreground">
                  {t("mention.terms")} <span data-user-content>{p.terms.join(", ")}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="mention-tags" title={t("mention.tags")}>
        {flags.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1">
            {flags.tags.map((tag) => (
              <li
                key={tag}
                className="flex items-center gap-1 rounded-md border border-border py-0.5 pr-1 pl-2 text-xs"
              >
                #<span data-user-content>{tag}</span>
                {canTriage && (
                  <tagForm.Form method="post" action={action}>
                    <input type="hidden" name="tag" value={tag} />
                    <button
                      type="submit"
                      name="intent"
                      value="untag"
                      className="grid size-5 place-items-center rounded hover:bg-accent"
                      title={t("mention.removeTag", { tag })}
                    >
                      <X aria-hidden="true" className="size-3" />
                      <span className="sr-only">{t("mention.removeTag", { tag })}</span>
                    </button>
                  </tagForm.Form>
                )}
              </li>
            ))}
          </ul>
        )}
        {canTriage && (
          <tagForm.Form method="post" action={action} className="flex flex-wrap items-center gap-2">
            <TagInput
              id="mention-tag"
              label={t("mention.addTag")}
              list="mention-tag-suggestions"
              required
              className="w-40"
            />
            <datalist id="mention-tag-suggestions">
              {data.tags.map((tag) => (
                <option key={tag} value={tag} />
              ))}
            </datalist>
            <button type="submit" name="intent" value="tag" className={buttonClass("outline", "sm")}>
              <Tag aria-hidden="true" />
              {t("mention.addTag")}
            </button>
          </tagForm.Form>
        )}
      </Section>

      {mention.duplicates.length > 0 && (
        <Section id="mention-copies" title={t("mention.copies", { value: format.number(mention.duplicates.length) })}>
          <ul className="flex flex-col gap-1 text-sm">
            {mention.duplicates.map((copy) => (
              <li key={`${copy.source}${copy.seenAt}`} className="flex flex-wrap gap-2">
                <span data-user-content className="font-medium">
                  {copy.source}
                </span>
                <time dateTime={copy.seenAt} className="text-muted-foreground" suppressHydrationWarning>
                  {format.when(copy.seenAt)}
                </time>
                {copy.url && (
                  <a href={copy.url} target="_blank" rel="noopener noreferrer" className="underline">
                    {t("mention.original")}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="mention-tasks" title={t("task.heading")}>
        {mention.tasks.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm">
            {mention.tasks.map((task) => (
              <li key={task.id} className="flex items-center gap-2">
                <ListTodo aria-hidden="true" className="size-4 text-muted-foreground" />
                <Link to={`/tasks/${task.id}`} className="hover:underline" data-user-content>
                  {task.title}
                </Link>
                <span className="text-xs text-muted-foreground">{t(`task.status.${task.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
        {data.canCreateTask && (
          <details open={Boolean(actionData)} className="rounded-md border border-border p-3">
            <summary className="cursor-pointer text-sm font-medium">{t("task.create")}</summary>
            <Form method="post" action={action} className="mt-3 flex flex-col gap-3">
              <input type="hidden" name="intent" value="task" />
              <FormError>{errors.form}</FormError>
              <InputField
                name="title"
                label={t("task.title")}
                defaultValue={typedValue(actionData, "title", heading.slice(0, 200))}
                maxLength={200}
                error={errors.field("title")}
              />
              {mention.projects.length > 0 && (
                <SelectField
                  name="projectId"
                  label={t("task.project")}
                  defaultValue={typedValue(actionData, "projectId", data.defaultProjectId)}
                >
                  {mention.projects.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </SelectField>
              )}
              <button type="submit" className={cn(buttonClass("default", "sm"), "self-start")}>
                {t("task.submit")}
              </button>
            </Form>
          </details>
        )}
      </Section>
    </article>
  );
}
