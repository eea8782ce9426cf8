import { Outlet, redirect } from "react-router";
import { sessionContext } from "~/core/context.server";
import { useTranslation } from "~/i18n/use-translation";
import { safeRedirect } from "~/lib/safe-redirect";
import { APP_VERSION } from "~/lib/version";
import { LanguageSwitcher } from "~/shell/language-switcher";
import { ThemeSwitcher } from "~/shell/theme-switcher";
import { Card } from "~/ui/card";
import { Radar } from "~/ui/icons";
import type { Route } from "./+types/auth-layout";

/**
 * Signed out, these pages are the same for everyone with the same language, theme and zone: the server
 * may keep a shared copy for a few minutes (server/page-cache.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const response = await next();
    if (request.method === "GET" && !context.get(sessionContext).user) {
      response.headers.set("Surrogate-Control", "max-age=300");
    }
    return response;
  },
];

/** /sign-in and /sign-up: signed-in visitors go straight on. */
export function loader({ context, url }: Route.LoaderArgs) {
  if (context.get(sessionContext).user) throw redirect(safeRedirect(url.searchParams.get("redirect")));
  return { version: APP_VERSION };
}

export default function AuthLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <header className="flex items-center justify-between gap-2 p-4">
        <span className="flex items-center gap-2 font-semibold">
          <span className="workspace-logo" aria-hidden="true">
            <Radar />
          </span>
          {t("appName")}
        </span>
        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-10">
        <Card className="w-full max-w-sm shadow-sm">
          <Outlet />
        </Card>
      </main>
      <footer className="p-4 text-center text-xs text-muted-foreground">
        {t("tagline")} · {t("version", { version: loaderData.version })}
      </footer>
    </div>
  );
}
