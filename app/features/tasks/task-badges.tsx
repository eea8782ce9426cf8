import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import {
  ArrowDown,
  ArrowRight,
  ArrowUp,
  Circle,
  CircleCheck,
  CircleDashed,
  CircleDot,
  CircleSlash,
  type IconComponent,
  Siren,
} from "~/ui/icons";
import type { Tone } from "~/ui/tone";
import type { TaskPriority, TaskStatus } from "./list";

export const STATUS_ICONS: Record<TaskStatus, IconComponent> = {
  backlog: CircleDashed,
  todo: Circle,
  in_progress: CircleDot,
  done: CircleCheck,
  canceled: CircleSlash,
};

const STATUS_TONES: Record<TaskStatus, Tone> = {
  backlog: "neutral",
  todo: "neutral",
  in_progress: "warning",
  done: "success",
  canceled: "neutral",
};

const PRIORITY: Record<TaskPriority, { icon: IconComponent; tone: Tone }> = {
  low: { icon: ArrowDown, tone: "neutral" },
  medium: { icon: ArrowRight, tone: "neutral" },
  high: { icon: ArrowUp, tone: "warning" },
  critical: { icon: Siren, tone: "danger" },
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation("tasks");
  return (
    <Badge tone={STATUS_TONES[status]} icon={STATUS_ICONS[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const { t } = useTranslation("tasks");
  const { icon, tone } = PRIORITY[priority];
  return (
    <Badge tone={tone} icon={icon}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}

/** A due date; an overdue one in the danger colour, and saying so. */
export function DueDate({ date, overdue, className }: { date: string | null; overdue: boolean; className?: string }) {
  const { t } = useTranslation("tasks");
  // A calendar day, not an instant: shown as that day in every time zone.
  const format = useFormatter({ timeZone: "UTC" });
  if (!date) return <span className="text-muted-foreground">—</span>;
  return (
    <span
      className={cn(
        "inline-flex flex-wrap items-center gap-x-1.5 tabular-nums",
        overdue && "font-medium text-danger",
        className,
      )}
    >
      <time dateTime={date}>{format.date(`${date}T00:00:00Z`)}</time>
      {overdue && <span className="text-xs">({t("overdue")})</span>}
    </span>
  );
}
