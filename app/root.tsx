import {
  createContext,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ThemeProvider, useTheme } from "remix-themes";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/root";
import { preferencesContext, servicesOf } from "./core/context.server.ts";
import { sessionMiddleware } from "./features/auth/guard.server";
import { preferencesMiddleware } from "./features/settings/preferences.server";
import { browserTimeZone } from "./features/settings/time-zones.server";
import { csrfMiddleware } from "./lib/csrf.server";
import { formBodyMiddleware } from "./lib/form-body.server";
import type { FormatPreferences } from "./lib/format";
import { THEME_COLORS } from "./lib/theme";
import { type FlashToast, takeFlashToast } from "./lib/toast.server";
import { APP_VERSION } from "./lib/version";
import { type DocumentFacts, documentFacts, i18nextMiddleware, keepFailure, raiseKeptFailure } from "./root.server";
import { ErrorPage, statusOf } from "./shell/error-page";
import { ProgressBar } from "./shell/progress-bar";
import { Toaster } from "./shell/toaster";
import { cn } from "./ui/cn";

const flashToastContext = createContext<FlashToast | null>(null);

/** Takes the one-shot toast cookie of a redirect, and clears it on the way out. */
const flashToastMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const { toast, clear } = await takeFlashToast(servicesOf(context).env, request);
  context.set(flashToastContext, toast);
  const response = await next();
  if (clear) response.headers.append("Set-Cookie", clear);
  return response;
};

/**
 * Asks Chromium browsers to send their colour scheme from the next request on, so "system" renders
 * the right class on the server. Not Critical-CH: that would restart every first visit (one more
 * round trip), and SystemThemeScript already sets the class before the first paint.
 */
const colorSchemeHintMiddleware: Route.MiddlewareFunction = async (_args, next) => {
  const response = await next();
  if (response.headers.get("Content-Type")?.startsWith("text/html")) {
    response.headers.set("Accept-CH", "Sec-CH-Prefers-Color-Scheme");
    response.headers.append("Vary", "Sec-CH-Prefers-Color-Scheme");
  }
  return response;
};

// Order matters: a cross-site post is refused before its body or session is read; the session gives the
// user, whose saved preferences choose the language. A failure is kept until language and theme are known,
// then shown as the error page (see root.server.ts).
export const middleware: Route.MiddlewareFunction[] = [
  ...[
    csrfMiddleware,
    formBodyMiddleware,
    sessionMiddleware,
    preferencesMiddleware,
    i18nextMiddleware,
    flashToastMiddleware,
    colorSchemeHintMiddleware,
  ].map(keepFailure),
  raiseKeptFailure,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const preferences = context.get(preferencesContext);
  const document = await documentFacts(request, context);
  return {
    ...document,
    format: {
      locale: document.locale,
      // Signed out, the browser's zone (see TimeZoneScript).
      timeZone: preferences?.timezone ?? browserTimeZone(request.headers.get("Cookie")) ?? "UTC",
      use12Hour: preferences?.use12Hour ?? false,
      dateFormat: preferences?.dateFormat ?? "medium",
      showRelativeTime: preferences?.showRelativeTime ?? true,
    } satisfies FormatPreferences,
    toast: context.get(flashToastContext),
    version: APP_VERSION,
  };
}

/** The document facts a failure of the root middleware chain carries (see raiseKeptFailure). */
function documentOfError(error: unknown): DocumentFacts | undefined {
  return isRouteErrorResponse(error) ? (error.data as { document?: DocumentFacts } | null)?.document : undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  const data = loaderData ?? documentOfError(error);
  return (
    <ThemeProvider
      specifiedTheme={data?.theme === "light" || data?.theme === "dark" ? (data.theme as never) : null}
      themeAction="/resources/theme"
    >
      <Document data={data}>{children}</Document>
    </ThemeProvider>
  );
}

function Document({
  data,
  children,
}: {
  data: (DocumentFacts & { toast?: FlashToast | null }) | undefined;
  children: React.ReactNode;
}) {
  const [clientTheme] = useTheme();
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language;
  const theme = clientTheme ?? data?.resolvedTheme ?? null;
  return (
    <html
      lang={locale}
      dir={i18n.dir(locale)}
      className={cn(theme, data?.font && data.font !== "system" && `font-${data.font}`) || undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {theme ? (
          <meta name="theme-color" content={THEME_COLORS[theme]} />
        ) : (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
          </>
        )}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {(data?.theme ?? "system") === "system" && <SystemThemeScript nonce={data?.nonce} />}
        <TimeZoneScript nonce={data?.nonce} />
        <Links />
      </head>
      <body>
        <ProgressBar />
        {children}
        <Toaster flash={data?.toast ?? null} />
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

/**
 * For "system", sets the light/dark class from the OS setting before the first paint, correcting
 * the server's guess when the browser sent no colour-scheme hint (or a stale one).
 */
function SystemThemeScript({ nonce }: { nonce?: string }) {
  const script = `(()=>{const d=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light",c=document.documentElement.classList;c.remove("light","dark");c.add(d);document.querySelectorAll('meta[name="theme-color"]').forEach(m=>{m.removeAttribute("media");m.content=d==="dark"?"${THEME_COLORS.dark}":"${THEME_COLORS.light}"})})()`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no user content.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/**
 * Tells the server the browser's time zone (cookie `tz`), the default of a new user's preferences. Once the
 * page has loaded: a renderer's first `Intl.DateTimeFormat` loads ICU's data (~20 ms of CPU, ~80 ms on a
 * slow phone), which in <head> came before the first paint of every page (docs/decisions/052).
 */
function TimeZoneScript({ nonce }: { nonce?: string }) {
  const script = `addEventListener("load",()=>{document.cookie="tz="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax"})`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no user content.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return <ErrorPage status={statusOf(error)} />;
}
