import { useTranslation } from "react-i18next";
import {
  createContext,
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  type RouterContextProvider,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { ThemeProvider, useTheme } from "remix-themes";
import type { Route } from "./+types/root";
import { AuthUnavailableError } from "./features/auth/auth-client.server";
import { sessionMiddleware } from "./features/auth/guard.server";
import { preferencesContext, preferencesMiddleware, timeZoneFromCookie } from "./features/settings/preferences.server";
import { getLocale, i18nextMiddleware } from "./i18n/i18n.server";
import { formBodyMiddleware } from "./lib/form-body.server";
import type { FormatPreferences } from "./lib/format";
import { log } from "./lib/log.server";
import { requestInfoContext } from "./lib/request-info";
import { THEME_COLORS } from "./lib/theme";
import { readTheme } from "./lib/theme.server";
import { type FlashToast, takeFlashToast } from "./lib/toast.server";
import { APP_VERSION } from "./lib/version";
import { ErrorPage, statusOf } from "./shell/error-page";
import { ProgressBar } from "./shell/progress-bar";
import { Toaster } from "./shell/toaster";
import { cn } from "./ui/cn";

const flashToastContext = createContext<FlashToast | null>(null);

/** Takes the one-shot toast cookie of a redirect, and clears it on the way out. */
const flashToastMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const { toast, clear } = await takeFlashToast(request);
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

const failureContext = createContext<{ error: unknown } | null>(null);

/**
 * Runs a root middleware; when it fails before handing on, the failure is kept and the chain goes
 * on without it, so language and theme are still found (without the user) for the error page.
 */
function keepFailure(middleware: Route.MiddlewareFunction): Route.MiddlewareFunction {
  return async (args, next) => {
    let handedOn = false;
    try {
      return await middleware(args, () => {
        handedOn = true;
        return next();
      });
    } catch (error) {
      if (handedOn) throw error;
      if (!args.context.get(failureContext)) args.context.set(failureContext, { error });
      return next();
    }
  };
}

/**
 * Last in the chain: a kept failure becomes the error page (503 for an unreachable auth service,
 * a thrown Response's own status, else 500), carrying what the document needs to render.
 */
const raiseKeptFailure: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const failure = context.get(failureContext);
  if (!failure) return next();
  const { error } = failure;
  if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
  let status = 500;
  let message = "An unexpected error occurred";
  if (error instanceof Response) {
    status = error.status;
    message = ((await error.json().catch(() => null)) as { error?: string } | null)?.error ?? error.statusText;
  } else if (error instanceof AuthUnavailableError) {
    status = 503;
    message = "The authentication service is unavailable";
  } else {
    log.error({ err: error, method: request.method, url: request.url }, "root middleware failed");
  }
  throw data({ ok: false, error: message, document: await documentFacts(request, context) }, { status });
};

// Order matters: the session gives the user, whose saved preferences choose the language.
export const middleware: Route.MiddlewareFunction[] = [
  formBodyMiddleware,
  sessionMiddleware,
  preferencesMiddleware,
  i18nextMiddleware,
  flashToastMiddleware,
  colorSchemeHintMiddleware,
].map(keepFailure);
middleware.push(raiseKeptFailure);

/** What the document itself needs (language, theme, font, nonce): from the loader, or an error. */
async function documentFacts(request: Request, context: Readonly<RouterContextProvider>) {
  const preferences = context.get(preferencesContext);
  const cookieTheme = await readTheme(request);
  // Signed in, the saved preference is the truth; the cookie is its copy for signed-out visits.
  const theme = preferences?.theme ?? cookieTheme.choice;
  return {
    locale: getLocale(context),
    theme,
    resolvedTheme: theme === "system" ? (cookieTheme.choice === "system" ? cookieTheme.resolved : null) : theme,
    font: preferences?.font ?? "system",
    nonce: context.get(requestInfoContext).nonce,
  };
}
type DocumentFacts = Awaited<ReturnType<typeof documentFacts>>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const preferences = context.get(preferencesContext);
  const document = await documentFacts(request, context);
  return {
    ...document,
    format: {
      locale: document.locale,
      timeZone: preferences?.timezone ?? timeZoneFromCookie(request),
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

/** Tells the server the browser's time zone (cookie `tz`), the default of a new user's preferences. */
function TimeZoneScript({ nonce }: { nonce?: string }) {
  const script = `document.cookie="tz="+encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)+";path=/;max-age=31536000;samesite=lax"`;
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
