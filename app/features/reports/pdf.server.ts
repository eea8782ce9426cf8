// Reports printed to PDF by one headless Chromium per server process (playwright-core driving Debian's
// chromium), launched on first use and closed on shutdown. The page is given the report's finished HTML
// (setContent): the browser never requests anything, so it needs no session and reaches nothing (ADR 032).
import type { Browser } from "playwright-core";
import type { Env } from "~/lib/env.server";

let browser: Promise<Browser> | undefined;

function launch({ CHROMIUM_PATH }: Pick<Env, "CHROMIUM_PATH">): Promise<Browser> {
  if (!browser) {
    // Loaded here, not at start: playwright-core's source alone is some 20 MB of every server's memory.
    const launching = import("playwright-core").then(({ chromium }) =>
      chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
      }),
    );
    browser = launching;
    const forget = () => {
      if (browser === launching) browser = undefined;
    };
    // A crashed or failed browser is launched anew on the next PDF.
    launching.then((b) => b.on("disconnected", forget), forget);
  }
  return browser;
}

/** A4 with page numbers in the footer ("3 / 7"); `footerLabel` is shown left of them. */
export async function printPdf(
  env: Pick<Env, "CHROMIUM_PATH">,
  html: string,
  { footerLabel }: { footerLabel: string },
): Promise<Buffer> {
  const context = await (await launch(env)).newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    // Nothing leaves the page: fonts, images and links resolve to nothing rather than to the network.
    await page.route("**/*", (route) => route.abort());
    await page.setContent(html, { waitUntil: "load" });
    await page.emulateMedia({ media: "print" });
    const footer = `<div style="width:100%;font-size:8px;color:#5b6472;padding:0 14mm;display:flex;justify-content:space-between;font-family:sans-serif">
      <span>${escapeHtml(footerLabel)}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`;
    return await page.pdf({
      format: "A4",
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: "<span></span>",
      footerTemplate: footer,
      margin: { top: "14mm", bottom: "16mm", left: "14mm", right: "14mm" },
    });
  } finally {
    await context.close();
  }
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Closes the browser, if one was launched (server shutdown, tests). */
export async function closePdfBrowser() {
  const current = browser;
  browser = undefined;
  await (await current?.catch(() => undefined))?.close();
}
