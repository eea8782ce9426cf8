import { createInstance } from "i18next";
import { createContext, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLoaderData } from "react-router";
import { NAMESPACES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { formatPreferences } from "./format";

const View = createContext<(page: unknown) => ReactNode>(() => null);

/** The page under the root route: the test's view of the root's `page` data. */
function Page() {
  return useContext(View)((useLoaderData() as { page: unknown }).page);
}
const Stub = createRoutesStub([{ id: "root", path: "/", Component: Page }]);

/**
 * A page as the server renders it, in English: `view(page)` under the root route, whose data carries the
 * formatter's preferences (ISO dates, in `timeZone`) as the root loader's does.
 */
export async function renderPage<P>(view: (page: P) => ReactNode, page: P, timeZone = "UTC") {
  const i18n = createInstance();
  await i18n.init({
    lng: "en",
    resources,
    ns: [...NAMESPACES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
  });
  const format = formatPreferences({ timeZone, dateFormat: "iso" });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <View value={view as (page: unknown) => ReactNode}>
        <Stub hydrationData={{ loaderData: { root: { format, page } } }} />
      </View>
    </I18nextProvider>,
  );
}
