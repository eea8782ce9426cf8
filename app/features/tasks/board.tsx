import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useFetchers, useLocation, useSubmit } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useHydrated } from "~/ui/data-table/url-form";
import { useChangedBeforeHydration } from "~/ui/early-input";
import { HiddenLabel } from "~/ui/field";
import { CalendarClock, GripVertical, Tag, UserRound } from "~/ui/icons";
import { TASK_STATUSES, type TaskStatus } from "./list";
import { DueDate, PriorityBadge, STATUS_ICONS } from "./task-badges";
import type { TaskRow } from "./tasks.server";

type Column = { status: TaskStatus; total: number; tasks: TaskRow[] };

const DRAG_TYPE = "application/x-kuzatuv-task";

/**
 * The board: one column per status. With JavaScript a card is dragged to another column, or moved with
 * the arrow keys on its handle; the move shows at once and rolls back if the server refuses it. Without
 * JavaScript each card has a status menu that posts.
 */
export function TaskBoard({
  columns,
  canEdit,
  assigneeName,
}: {
  columns: Column[];
  canEdit: boolean;
  assigneeName: (id: string) => string;
}) {
  const { t } = useTranslation("tasks");
  const format = useFormatter();
  const location = useLocation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const fetchers = useFetchers();
  const [announcement, setAnnouncement] = useState("");
  const [over, setOver] = useState<TaskStatus | null>(null);
  /** A card moved with the keyboard: its handle takes the focus again once it shows in its new column. */
  const focusAfterMove = useRef<{ id: string; status: TaskStatus } | null>(null);
  const action = `/tasks${location.search}`;

  // Moves on their way: the card already shows in its new column.
  const pending = new Map<string, TaskStatus>();
  for (const fetcher of fetchers) {
    if (fetcher.formData?.get("intent") === "move") {
      pending.set(String(fetcher.formData.get("id")), fetcher.formData.get("status") as TaskStatus);
    }
  }
  const all = columns.flatMap((c) => c.tasks);
  const shown = columns.map((column) => {
    const staying = column.tasks.filter((task) => (pending.get(task.id) ?? task.status) === column.status);
    const arriving = all.filter((task) => task.status !== column.status && pending.get(task.id) === column.status);
    const moved = arriving.length - (column.tasks.length - staying.length);
    return { ...column, total: column.total + moved, tasks: [...arriving, ...staying] };
  });
  const statuses = columns.map((c) => c.status);

  const move = (task: TaskRow, status: TaskStatus) => {
    if (status === (pending.get(task.id) ?? task.status)) return;
    void submit(
      { intent: "move", id: task.id, status },
      { method: "post", action, navigate: false, fetcherKey: `move-${task.id}` },
    );
    setAnnouncement(t("board.movedTo", { title: task.title, status: t(`status.${status}`) }));
  };

  useEffect(() => {
    const moved = focusAfterMove.current;
    const handle =
      moved && document.querySelector<HTMLElement>(`[data-status="${moved.status}"] [data-move-handle="${moved.id}"]`);
    if (!handle) return;
    focusAfterMove.current = null;
    handle.focus();
  });

  const onKey = (event: KeyboardEvent, task: TaskRow) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const current = statuses.indexOf(pending.get(task.id) ?? task.status);
    const next = statuses[current + step];
    if (!next) return;
    focusAfterMove.current = { id: task.id, status: next };
    move(task, next);
  };

  const onDrop = (event: DragEvent, status: TaskStatus) => {
    event.preventDefault();
    setOver(null);
    const task = all.find((row) => row.id === event.dataTransfer.getData(DRAG_TYPE));
    if (task) move(task, status);
  };

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {canEdit && hydrated && <p className="mb-3 text-sm text-muted-foreground">{t("board.help")}</p>}
      <div className="flex snap-x gap-4 overflow-x-auto pb-2" data-testid="task-board">
        {shown.map((column) => {
          const Icon = STATUS_ICONS[column.status];
          return (
            <section
              key={column.status}
              aria-labelledby={`column-${column.status}`}
              data-status={column.status}
              onDragOver={(event) => {
                if (!canEdit || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
                event.preventDefault();
                setOver(column.status);
              }}
              onDragLeave={() => setOver((s) => (s === column.status ? null : s))}
              onDrop={(event) => onDrop(event, column.status)}
              className={cn(
                "flex w-72 shrink-0 snap-start flex-col gap-2 rounded-xl border border-border bg-muted/40 p-2",
                over === column.status && "ring-2 ring-ring",
              )}
            >
              <h2 id={`column-${column.status}`} className="flex items-center gap-2 px-1 py-1 text-sm font-semibold">
                <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                {t(`status.${column.status}`)}
                <span className="ml-auto font-mono text-xs font-normal text-muted-foreground">
                  {format.number(column.total)}
                </span>
              </h2>
              <ul className="flex min-h-16 flex-col gap-2">
                {column.tasks.map((task) => (
                  <li
                    key={task.id}
                    data-task={task.id}
                    draggable={canEdit && hydrated}
                    onDragStart={(event) => {
                      event.dataTransfer.setData(DRAG_TYPE, task.id);
                      event.dataTransfer.effectAllowed = "move";
                    }}
                    className={cn(
                      // relative: the status menu's screen-reader label stays inside the scrolling board.
                      "relative flex flex-col gap-2 rounded-lg border border-border bg-card p-3 text-sm text-card-foreground shadow-xs",
                      canEdit && hydrated && "cursor-grab active:cursor-grabbing",
                      pending.has(task.id) && "opacity-70",
                    )}
                  >
                    <div className="flex items-start gap-2">
                      <Link
                        to={`/tasks/${task.id}${location.search}`}
                        preventScrollReset
                        className="min-w-0 flex-1 font-medium break-words hover:underline"
                        data-user-content
                      >
                        {task.title}
                      </Link>
                      {canEdit && hydrated && (
                        <button
                          type="button"
                          data-move-handle={task.id}
                          aria-label={t("board.moveHandle", { title: task.title })}
                          aria-describedby="board-help"
                          onKeyDown={(event) => onKey(event, task)}
                          className={cn(buttonClass("ghost", "icon"), "-mt-1 -mr-1 size-7 cursor-grab")}
                        >
                          <GripVertical aria-hidden="true" />
                        </button>
                      )}
                    </div>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      <PriorityBadge priority={task.priority} />
                      {task.dueDate && (
                        <span className="inline-flex items-center gap-1">
                          <CalendarClock aria-hidden="true" className="size-3.5" />
                          <DueDate date={task.dueDate} overdue={task.overdue} />
                        </span>
                      )}
                      {task.label && (
                        <span className="inline-flex items-center gap-1" data-user-content>
                          <Tag aria-hidden="true" className="size-3.5" />
                          {task.label}
                        </span>
                      )}
                      {task.assigneeId && (
                        <span className="inline-flex items-center gap-1">
                          <UserRound aria-hidden="true" className="size-3.5" />
                          {assigneeName(task.assigneeId)}
                        </span>
                      )}
                    </div>
                    {canEdit && (
                      <StatusMenu
                        task={task}
                        current={pending.get(task.id) ?? task.status}
                        action={action}
                        hydrated={hydrated}
                        onMove={(status) => move(task, status)}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {column.total > column.tasks.length && (
                <p className="px-1 text-xs text-muted-foreground">
                  {t("board.more", { count: column.total - column.tasks.length })}
                </p>
              )}
            </section>
          );
        })}
      </div>
      <p id="board-help" className="sr-only">
        {t("board.keyboardHelp")}
      </p>
    </>
  );
}

/** The card's status: a form that posts without JavaScript; with it, choosing a status moves the card. */
function StatusMenu({
  task,
  current,
  action,
  hydrated,
  onMove,
}: {
  task: TaskRow;
  current: TaskStatus;
  action: string;
  hydrated: boolean;
  onMove: (status: TaskStatus) => void;
}) {
  const { t } = useTranslation("tasks");
  const id = `status-${task.id}`;
  const form = useRef<HTMLFormElement>(null);
  // A status chosen before the page hydrated moves the card, as it would have once hydrated.
  useChangedBeforeHydration(form, ([select]) => onMove(select?.value as TaskStatus));
  return (
    <Form ref={form} method="post" action={action} className="flex items-center gap-2" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={task.id} />
      <HiddenLabel htmlFor={id}>
        <WithTitle text={t("board.statusOf", { title: MARK })} title={task.title} />
      </HiddenLabel>
      <select
        id={id}
        name="status"
        value={hydrated ? current : undefined}
        defaultValue={hydrated ? undefined : current}
        onChange={(event) => onMove(event.currentTarget.value as TaskStatus)}
        className="h-7 min-w-0 flex-1 rounded-md border border-border bg-background px-1.5 text-xs"
      >
        {TASK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`status.${s}`)}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className={buttonClass("outline", "sm")}>
          {t("board.move")}
        </button>
      )}
    </Form>
  );
}

const MARK = "\u0000";

/** A translated sentence around a task's title, the title marked as the user's words (not interface text). */
function WithTitle({ text, title }: { text: string; title: string }) {
  const [before, after] = text.split(MARK);
  return (
    <>
      {before}
      <span data-user-content>{title}</span>
      {after}
    </>
  );
}
