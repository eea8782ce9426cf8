import type { i18n as I18n } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { startI18n } from "./i18n/i18n.client";

// The browser's translator answers what the pages use of i18next (`Translator`), which is all the hook hands on.
const i18n = (await startI18n()) as unknown as I18n;

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18n}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
