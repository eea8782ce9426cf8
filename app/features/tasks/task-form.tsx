import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, typedValue, useFormErrors, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { useHydrated } from "~/ui/data-table/url-form";
import { useChangedBeforeHydration } from "~/ui/early-input";
import { InputField, SelectField, TextareaField } from "~/ui/field";
import { MessageSquareText } from "~/ui/icons";
import { MAX_LABEL, MAX_TITLE, TASK_PRIORITIES, TASK_STATUSES } from "./list";

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
  const errors = useFormErrors(result);
  const pending = useIsPending("save");
  const form = useRef<HTMLFormElement>(null);
  const value = (name: keyof TaskFormDefaults) => typedValue(result, name, defaults[name]);
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
  useEffect(() => {
    if (result?.fieldErrors) form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [result]);
  const members = scripted
    ? [{ project: null, list: people[projectId] ?? [] }]
    : projects.map((p) => ({ project: p, list: people[p.id] ?? [] }));
  const firstInvalid = [
    "title",
    "description",
    "status",
    "priority",
    "label",
    "projectId",
    "assigneeId",
    "dueDate",
    "messageId",
  ].find((name) => errors.field(name));

  return (
    <Form ref={form} method="post" className="flex flex-col gap-4" noValidate>
      {result?.fieldErrors && (
        <p role="alert" className="text-sm text-danger">
          {t("errors.summary")}
        </p>
      )}
      <InputField
        name="title"
        label={t("field.title")}
        defaultValue={value("title")}
        maxLength={MAX_TITLE}
        required
        autoFocus={firstInvalid === "title" || (!result && !defaults.title) || undefined}
        error={errors.field("title")}
      />
      <TextareaField
        name="description"
        label={t("field.description")}
        defaultValue={value("description")}
        rows={4}
        autoFocus={firstInvalid === "description" || undefined}
        error={errors.field("description")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="status"
          label={t("field.status")}
          defaultValue={value("status")}
          error={errors.field("status")}
        >
          {TASK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="priority"
          label={t("field.priority")}
          defaultValue={value("priority")}
          error={errors.field("priority")}
        >
          {TASK_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`priority.${p}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <InputField
        name="label"
        label={t("field.label")}
        hint={t("field.labelHint")}
        defaultValue={value("label")}
        maxLength={MAX_LABEL}
        list="task-labels"
        autoComplete="off"
        error={errors.field("label")}
      />
      <datalist id="task-labels">
        {labels.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
      <SelectField
        name="projectId"
        label={t("field.project")}
        defaultValue={value("projectId")}
        onChange={(event) => setProjectId(event.currentTarget.value)}
        autoFocus={firstInvalid === "projectId" || undefined}
        error={errors.field("projectId")}
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
          autoFocus={firstInvalid === "assigneeId" || undefined}
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
        <InputField
          name="dueDate"
          type="date"
          label={t("field.due")}
          defaultValue={value("dueDate")}
          autoFocus={firstInvalid === "dueDate" || undefined}
          error={errors.field("dueDate")}
        />
      </div>
      <InputField
        name="messageId"
        label={t("field.mention")}
        hint={t("field.mentionHint")}
        defaultValue={value("messageId")}
        autoComplete="off"
        autoFocus={firstInvalid === "messageId" || undefined}
        error={errors.field("messageId")}
      />
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
