import { createInstance, type i18n } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import appStyles from "~/app.css?inline";
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { reportCharts } from "./charts.server";
import { ReportDocument } from "./document";
import { reportFormatter } from "./format";
import reportStyles from "./report.css?raw";
import type { ReportSnapshot } from "./snapshot";

let translations: Promise<i18n> | undefined;

/** One i18next instance holding every language, for texts in a report's own language outside a request. */
function instance(): Promise<i18n> {
  if (!translations) {
    const created = createInstance({
      resources,
      supportedLngs: [...LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [...NAMESPACES],
      defaultNS: "reports",
      interpolation: { escapeValue: false },
    });
    translations = created.init().then(() => created);
  }
  return translations;
}

/** `t` of the `reports` namespace in a fixed language. */
export async function reportT(language: string) {
  return (await instance()).getFixedT(language, "reports");
}

/** The report as a standalone HTML page with its styles inline, for the PDF printer. */
export async function renderReportHtml(report: {
  title: string;
  language: string;
  timeZone: string;
  snapshot: ReportSnapshot;
}) {
  const t = await reportT(report.language);
  const body = renderToStaticMarkup(
    <ReportDocument
      title={report.title}
      language={report.language}
      snapshot={report.snapshot}
      charts={reportCharts(report.snapshot)}
      t={t}
      format={reportFormatter(report)}
    />,
  );
  const escaped = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="${escaped(report.language)}"><head><meta charset="utf-8"><title>${escaped(report.title)}</title><style>${appStyles}</style><style>${reportStyles}</style><style>body{font-family:"DejaVu Sans",sans-serif}</style></head><body>${body}</body></html>`;
}
