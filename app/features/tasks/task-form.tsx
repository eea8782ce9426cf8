import { type ReactNode, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, useFocusFirstInvalid, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { useHydrated } from "~/ui/data-table/url-form";
import { useChangedBeforeHydration } from "~/ui/early-input";
import { InputField, SelectField, TextareaField } from "~/ui/field";
import { MessageSquareText } from "~/ui/icons";
import { useFormFields } from "~/ui/use-form-fields";
import { MAX_LABEL, MAX_TITLE, TASK_PRIORITIES, TASK_STATUSES } from "./list";

const FIELDS = [
  "title",
  "description",
  "status",
  "priority",
  "label",
  "projectId",
  "assigneeId",
  "dueDate",
  "messageId",
];

export interface TaskFormDefaults {
  title: string;
  description: string;
  status: string;
  priority: string;
  label: string;
  assigneeId: string;
  dueDate: string;
  projectId: string;
  messageId: string;
}

type Person = { id: string; email: string };

/**
 * Create and edit, in the sheet or on its own page: a plain form that keeps what was typed when it comes
 * back with errors and focuses the first bad field. Assignees are the chosen project's members (with
 * JavaScript the list follows the project; without it, each project's members are grouped).
 */
export function TaskForm({
  defaults,
  projects,
  people,
  labels,
  mention,
  result,
  submitLabel,
  cancelTo,
  children,
}: {
  defaults: TaskFormDefaults;
  projects: Array<{ id: string; name: string }>;
  people: Record<string, Person[]>;
  labels: string[];
  mention: { id: string; heading: string } | null;
  result: FormResult | undefined;
  submitLabel: string;
  cancelTo: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("tasks");
  const { errors, value, field } = useFormFields(result, FIELDS, defaults);
  const pending = useIsPending("save");
  const form = useRef<HTMLFormElement>(null);
  const [projectId, setProjectId] = useState(value("projectId"));
  const [assigneeId, setAssigneeId] = useState(value("assigneeId"));
  const scripted = useHydrated();
  // A project and person chosen before the page hydrated stay chosen when the list of people changes.
  useChangedBeforeHydration(form, (controls) => {
    for (const control of controls) {
      if (control.name === "projectId") setProjectId(control.value);
      if (control.name === "assigneeId") setAssigneeId(control.value);
    }
  });
  useFocusFirstInvalid(form, result);
  const members = scripted
    ? [{ project: null, list: people[projectId] ?? [] }]
    : projects.map((p) => ({ project: p, list: people[p.id] ?? [] }));

  return (
    <Form ref={form} method="post" className="flex flex-col gap-4" noValidate>
      {result?.fieldErrors && (
        <p role="alert" className="text-sm text-danger">
          {t("errors.summary")}
        </p>
      )}
      <InputField
        {...field("title")}
        label={t("field.title")}
        maxLength={MAX_TITLE}
        required
        // A new task starts at its title.
        autoFocus={field("title").autoFocus || (!result && !defaults.title) || undefined}
      />
      <TextareaField {...field("description")} label={t("field.description")} rows={4} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field("status")} label={t("field.status")}>
          {TASK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField {...field("priority")} label={t("field.priority")}>
          {TASK_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`priority.${p}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <InputField
        {...field("label")}
        label={t("field.label")}
        hint={t("field.labelHint")}
        maxLength={MAX_LABEL}
        list="task-labels"
        autoComplete="off"
      />
      <datalist id="task-labels">
        {labels.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
      <SelectField
        {...field("projectId")}
        label={t("field.project")}
        onChange={(event) => setProjectId(event.currentTarget.value)}
      >
        <option value="">{t("field.chooseProject")}</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id} data-user-content>
            {p.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          // Built anew with the chosen person when the page hydrates and its list becomes the project's.
          key={String(scripted)}
          name="assigneeId"
          label={t("field.assignee")}
          defaultValue={assigneeId}
          onChange={(event) => setAssigneeId(event.currentTarget.value)}
          autoFocus={field("assigneeId").autoFocus}
          error={errors.field("assigneeId")}
          hint={t("field.assigneeHint")}
        >
          <option value="">{t("nobody")}</option>
          {members.map(({ project, list }) =>
            project
              ? list.length > 0 && (
                  <optgroup key={project.id} label={project.name}>
                    {list.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.email}
                      </option>
                    ))}
                  </optgroup>
                )
              : list.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.email}
                  </option>
                )),
          )}
        </SelectField>
        <InputField {...field("dueDate")} type="date" label={t("field.due")} />
      </div>
      <InputField {...field("messageId")} label={t("field.mention")} hint={t("field.mentionHint")} autoComplete="off" />
      {mention && (
        <Link
          to={`/messages/${mention.id}`}
          className="-mt-2 inline-flex items-center gap-2 text-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          <MessageSquareText aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate" data-user-content>
            {mention.heading}
          </span>
        </Link>
      )}
      <div className="flex flex-wrap items-center gap-2 pt-2">
        <SubmitButton name="intent" value="save" pending={pending} pendingLabel={t("saving")}>
          {submitLabel}
        </SubmitButton>
        <Link to={cancelTo} className={buttonClass("outline")}>
          {t("cancel")}
        </Link>
        {children}
      </div>
    </Form>
  );
}
