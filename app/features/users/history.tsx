import type { UserEvent } from "~/core/auth-contract";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";

type Names = Record<string, string>;

/** A changed value in words: roles and projects by name, a status in the page's language. */
function useValue(projects: Names) {
  const { t } = useTranslation("users");
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined) return "—";
    if (field === "roles" && Array.isArray(value)) return value.map((r) => t(`auth:roles.${r}`)).join(", ") || "—";
    if (field === "projectIds" && Array.isArray(value)) {
      return value.map((id) => projects[id] ?? t("history.deletedProject")).join(", ") || "—";
    }
    if (field === "status") return t(`status.${String(value)}`);
    return String(value);
  };
}

/** Every change to the user, newest first: who, when, and what changed from what to what. */
export function UserHistory({ events, projects }: { events: UserEvent[]; projects: Names }) {
  const { t } = useTranslation("users");
  const format = useFormatter();
  const value = useValue(projects);
  if (events.length === 0) return <p className="text-sm text-muted-foreground">{t("history.empty")}</p>;
  return (
    <ol className="flex flex-col gap-3 text-sm">
      {events.map((event) => (
        <li key={event.id} className="border-l-2 border-border pl-3">
          <p>
            <span className="font-medium">{t(`history.actions.${event.action}`)}</span>{" "}
            <span className="text-muted-foreground">
              {event.actorEmail ? t("history.by", { actor: event.actorEmail }) : null}{" "}
              <time dateTime={event.at}>{format.dateTime(event.at)}</time>
            </span>
          </p>
          {Object.keys(event.changes).length > 0 && (
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-muted-foreground">
              {Object.entries(event.changes).map(([field, change]) => (
                <div key={field} className="contents">
                  <dt>{t(`history.fields.${field}`)}</dt>
                  <dd>
                    {change.from === null ? (
                      value(field, change.to)
                    ) : (
                      <>
                        <del className="no-underline opacity-70">{value(field, change.from)}</del> →{" "}
                        <ins className="no-underline text-foreground">{value(field, change.to)}</ins>
                      </>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ol>
  );
}
