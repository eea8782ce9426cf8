import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useTranslation } from "~/i18n/use-translation";
import ru from "../../locales/ru/dashboard.json";

function Scope({ counts }: { counts: number[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <ul>
      <li>{t("title")}</li>
      {counts.map((count, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same count repeats on purpose
        <li key={i}>{t("scope.all", { count })}</li>
      ))}
      <li>{t(["missing.key", "scope.label"])}</li>
    </ul>
  );
}

describe("useTranslation's remembered answers", () => {
  it("answer each key and set of values as i18next does, however often and in whatever order they are asked", async () => {
    const i18n = createInstance({
      lng: "ru",
      resources: { ru: { dashboard: ru } },
      interpolation: { escapeValue: false },
    });
    await i18n.init();
    const html = (counts: number[]) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <Scope counts={counts} />
        </I18nextProvider>,
      );
    const expected = [1, 3, 5, 1, 21, 3].map((count) => `<li>${i18n.t("scope.all", { ns: "dashboard", count })}</li>`);
    expect(html([1, 3, 5, 1, 21, 3])).toBe(`<ul><li>Обзор</li>${expected.join("")}<li>Охват данных:</li></ul>`);
    expect(expected).toEqual([
      "<li>ваш 1 проект</li>",
      "<li>все ваши 3 проекта</li>",
      "<li>все ваши 5 проектов</li>",
      "<li>ваш 1 проект</li>",
      "<li>ваш 21 проект</li>",
      "<li>все ваши 3 проекта</li>",
    ]);
    // A second render is answered from what was remembered, with the same text.
    expect(html([5, 1])).toBe(`<ul><li>Обзор</li>${expected[2]}${expected[0]}<li>Охват данных:</li></ul>`);
  });
});
