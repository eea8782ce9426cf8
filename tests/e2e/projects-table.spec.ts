import { expect, type Page, test } from "@playwright/test";
import { text, waitForInteractive } from "./support";

const t = (key: string) => text("en", key);

/** Twelve projects of this test's own ("<prefix> 01" … "<prefix> 12"), created as the admin. */
async function createProjects(page: Page, prefix: string) {
  const baseURL = test.info().project.use.baseURL as string;
  const names = Array.from({ length: 12 }, (_, i) => `${prefix} ${String(i + 1).padStart(2, "0")}`);
  for (const name of names) {
    const response = await page.request.post(`${baseURL}/projects/create`, {
      headers: { Origin: baseURL },
      form: { name, color: "#16a34a", keywords: name },
      maxRedirects: 0,
    });
    expect(response.status(), `creating ${name}`).toBe(302);
  }
  return names;
}

const rowNames = (page: Page) => page.locator("tbody th[scope=row]");
const range = (from: number, to: number, total: number) =>
  t("tables:range").replace("{{from}}", String(from)).replace("{{to}}", String(to)).replace("{{total}}", String(total));

// Each test creates twelve projects first, each checked against every stored mention.
test.describe.configure({ timeout: 120_000 });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the projects table searches, pages, sorts, filters, hides a column, pauses and deletes", async ({ page }) => {
    const prefix = `Jadval ${Date.now().toString(36)}`;
    const names = await createProjects(page, prefix);
    await page.goto("/projects");

    const search = page.getByRole("search");
    await search.getByLabel(t("projects:list.search")).fill(prefix);
    await search.getByRole("button", { name: t("tables:apply") }).click();
    await expect(rowNames(page)).toHaveText(names);
    await page.getByLabel(t("tables:rowsPerPage")).selectOption("10");
    await page
      .locator("form", { has: page.getByLabel(t("tables:rowsPerPage")) })
      .getByRole("button")
      .click();
    await expect(rowNames(page)).toHaveText(names.slice(0, 10));
    await expect(page.getByText(range(1, 10, 12))).toBeVisible();

    await page.getByRole("link", { name: t("tables:next") }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rowNames(page)).toHaveText(names.slice(10));

    // Sorting goes back to the first page, and says which way it sorts.
    await page.getByRole("link", { name: t("projects:table.name"), exact: true }).click();
    await expect(page.getByRole("columnheader", { name: t("projects:table.name") })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(rowNames(page)).toHaveText(names.toReversed().slice(0, 10));

    await page.getByLabel(`Select ${names[11]}`).check();
    await page.getByLabel(`Select ${names[10]}`).check();
    await page.getByRole("button", { name: t("projects:bulk.pause") }).click();
    await expect(page.locator(".noscript-toast")).toHaveText(t("projects:bulk.paused").replace("{{count}}", "2"));
    // Still the same search, sort and page.
    await expect(page).toHaveURL(/q=Jadval.*sort=name&dir=desc|sort=name&dir=desc.*q=Jadval/);

    await page.locator("summary", { hasText: t("projects:list.status") }).click();
    await page.getByRole("checkbox", { name: t("projects:status.paused") }).check();
    await search
      .getByRole("button", { name: t("tables:apply") })
      .first()
      .click();
    await expect(page).toHaveURL(/status=paused/);
    await expect(rowNames(page)).toHaveText([names[11], names[10]] as string[]);

    await page.locator("summary", { hasText: t("tables:columns") }).click();
    const columns = page.getByRole("form", { name: t("tables:toggleColumns") });
    await columns.getByRole("checkbox", { name: t("projects:table.keywords") }).uncheck();
    await columns.getByRole("button", { name: t("tables:apply") }).click();
    await expect(page.getByRole("columnheader", { name: t("projects:table.keywords") })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: t("projects:table.members") })).toBeVisible();
    await expect(rowNames(page)).toHaveText([names[11], names[10]] as string[]);

    // Clean up: everything of this test, deleted after a confirmation.
    await page.goto(`/projects?q=${encodeURIComponent(prefix)}&size=50`);
    for (const name of names) await page.getByLabel(`Select ${name}`).check();
    await page.locator("summary", { hasText: t("projects:bulk.delete") }).click();
    await page.getByRole("button", { name: t("projects:bulk.deleteConfirm") }).click();
    await expect(page.locator(".noscript-toast")).toHaveText(t("projects:bulk.deleted").replace("{{count}}", "12"));
    await expect(page.getByText(t("projects:list.noMatches"))).toBeVisible();
  });
});

test("with JavaScript the projects table changes in place, without reloading the page", async ({ page }) => {
  const prefix = `Jadvalcha ${Date.now().toString(36)}`;
  const names = await createProjects(page, prefix);
  await page.goto("/projects");
  await waitForInteractive(page);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  // No Apply buttons: the controls act on their own.
  await expect(page.getByRole("button", { name: t("tables:apply") })).toHaveCount(0);

  await page.getByRole("searchbox", { name: t("projects:list.search") }).fill(prefix);
  await expect(page).toHaveURL(/q=Jadvalcha/);
  await expect(rowNames(page)).toHaveText(names);

  await page.getByLabel(t("tables:rowsPerPage")).selectOption("10");
  await page.getByRole("link", { name: t("tables:last") }).click();
  await expect(rowNames(page)).toHaveText(names.slice(10));
  await page.getByRole("link", { name: t("tables:first") }).click();

  await page.getByRole("link", { name: t("projects:table.name"), exact: true }).click();
  await expect(rowNames(page).first()).toHaveText(names[11] as string);

  await page.getByRole("checkbox", { name: t("tables:selectAll") }).check();
  await expect(page.getByText(t("tables:selected").replace("{{count}}", "10"))).toBeVisible();
  await page.getByRole("button", { name: t("projects:bulk.pause") }).click();
  await expect(page.getByText(t("projects:bulk.paused").replace("{{count}}", "10"))).toBeVisible();
  await expect(page.getByText(t("tables:selected").replace("{{count}}", "0"))).toBeVisible();

  await page.locator("summary", { hasText: t("projects:list.status") }).click();
  await page.getByRole("checkbox", { name: t("projects:status.active") }).check();
  await expect(page).toHaveURL(/status=active/);
  await expect(rowNames(page)).toHaveText([names[1], names[0]] as string[]);
  await page.keyboard.press("Escape");

  await page.locator("summary", { hasText: t("tables:columns") }).click();
  await page.getByRole("checkbox", { name: t("projects:table.mentions7d") }).uncheck();
  await expect(page.getByRole("columnheader", { name: t("projects:table.mentions7d") })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: t("tables:reset") }).click();
  const searchbox = page.getByRole("searchbox", { name: t("projects:list.search") });
  await expect(searchbox).toHaveValue("");
  await expect(searchbox).toBeFocused();
  await searchbox.fill(prefix);
  await expect(page.getByText(range(1, 10, 12))).toBeVisible();
  await page.getByLabel(t("tables:rowsPerPage")).selectOption("25");
  await expect(page.getByText(range(1, 12, 12))).toBeVisible();
  await page.getByRole("checkbox", { name: t("tables:selectAll") }).check();
  await expect(page.getByText(t("tables:selected").replace("{{count}}", "12"))).toBeVisible();
  await page.locator("summary", { hasText: t("projects:bulk.delete") }).click();
  await page.getByRole("button", { name: t("projects:bulk.deleteConfirm") }).click();
  await expect(page.getByText(t("projects:bulk.deleted").replace("{{count}}", "12"))).toBeVisible();
  await expect(page.getByText(t("projects:list.noMatches"))).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
