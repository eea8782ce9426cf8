import { Link, NavLink, Outlet } from "react-router";
import { requirePermission, requireReader, servicesOf } from "~/core/context.server";
import { listConversations } from "~/features/assistant/conversations.server";
import { useTranslation } from "~/i18n/use-translation";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { MessageSquarePlus, MessagesSquare } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.ai-assistant";

/** The assistant: the reader's conversations beside the open one (or a new one). */
export async function loader({ context }: Route.LoaderArgs) {
  const reader = requireReader(context);
  requirePermission(reader, "assistant.use");
  return { conversations: await listConversations(servicesOf(context), reader) };
}

export default function AssistantLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ai-assistant");
  return (
    <>
      <PageHeader
        help="ai-assistant"
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/ai-assistant" className={buttonClass("outline")}>
            <MessageSquarePlus aria-hidden="true" />
            {t("newConversation")}
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label={t("conversations")} className="order-2 min-w-0 lg:order-1">
          <h2 className="mb-2 text-sm font-medium text-muted-foreground">{t("conversations")}</h2>
          {loaderData.conversations.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noConversations")}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {loaderData.conversations.map((c) => (
                <li key={c.id}>
                  <NavLink
                    to={`/ai-assistant/${c.id}`}
                    className={({ isActive }) =>
                      cn(
                        "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent",
                        isActive && "bg-accent font-medium",
                      )
                    }
                  >
                    <MessagesSquare aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="truncate" data-user-content>
                      {c.title}
                    </span>
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="order-1 min-w-0 lg:order-2">
          <Outlet />
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
