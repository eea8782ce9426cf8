// The AI assistant in the browser, on the shared server (no model configured: the built-in analyst answers,
// streamed like a model's answer): the palette's handover, a streamed answer, a cited mention, JavaScript off.
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { text, waitForInteractive } from "./support";

// Each journey asks a question and waits for its answer (and the page's reload of it) on a busy machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const t = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text("en", key));
const answers = (page: Page) => page.getByRole("list", { name: t("ai-assistant:messages") }).locator(":scope > li");

test("a question typed in the palette is answered on arrival, once", async ({ page }) => {
  await page.goto("/");
  await waitForInteractive(page);
  await page.keyboard.press("Control+k");
  const question = "How many mentions did Nurbank get last week?";
  await page.getByRole("dialog").getByRole("combobox").fill(question);
  await page.getByRole("option", { name: t("ai-assistant:palette.ask", { question }) }).click();
  await expect(page).toHaveURL(/\/ai-assistant\/[0-9a-f-]{36}$/);
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).nth(1)).toContainText(/Nurbank: [\d,]+ mentions/);
  await expect(answers(page).nth(1)).toContainText("No AI model is configured");

  // Reloading shows the stored answer; the question is not asked again.
  let streamed = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/answer")) streamed++;
  });
  await page.reload();
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).nth(1)).toContainText(/Nurbank: [\d,]+ mentions/);
  await page.waitForLoadState("networkidle");
  expect(streamed).toBe(0);
});

test("an answer streams in as server-sent events, with the numbers as a chart", async ({ page }) => {
  await page.goto("/ai-assistant");
  await waitForInteractive(page);
  const stream = page.waitForResponse((response) => response.url().endsWith("/answer"));
  await page
    .getByLabel(t("ai-assistant:question"))
    .fill("What is the trend of mentions for Nurbank over the last 30 days?");
  await page.getByLabel(t("ai-assistant:question")).press("Enter");
  const response = await stream;
  expect(response.headers()["content-type"]).toContain("text/event-stream");
  expect(await response.text()).toMatch(/event: tool\n[\s\S]*event: text\n[\s\S]*event: done/);
  const answer = answers(page).nth(1);
  await expect(answer).toContainText(/Nurbank: [\d,]+ mentions/);
  await expect(answer.getByRole("img")).toBeVisible();
  await expect(answer.getByRole("link", { name: t("ai-assistant:openInMessages") })).toHaveAttribute(
    "href",
    /^\/messages\?project=[0-9a-f-]{36}&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
  );
  // The conversation is listed, and can be renamed.
  await page.getByText(t("ai-assistant:rename")).click();
  await page.getByLabel(t("ai-assistant:titleLabel")).fill("Nurbank trend");
  await page.getByRole("button", { name: t("ai-assistant:save") }).click();
  await expect(page.getByRole("navigation", { name: t("ai-assistant:conversations") })).toContainText("Nurbank trend");
});

test("an answer cites the mentions it used, each a link to the mention", async ({ page }) => {
  await page.goto("/ai-assistant");
  await waitForInteractive(page);
  await page.getByLabel(t("ai-assistant:question")).fill("Show me negative mentions about Nurbank in the last 30 days");
  await page.getByRole("button", { name: t("ai-assistant:send") }).click();
  const cited = page.getByRole("region", { name: t("ai-assistant:blocks.cited") });
  await expect(cited.getByRole("link").first()).toBeVisible();
  const href = await cited.getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
  await cited.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("a question asking for a count and the mentions gets both, the mentions linked", async ({ page }) => {
  await page.goto("/ai-assistant");
  await waitForInteractive(page);
  await page
    .getByLabel(t("ai-assistant:question"))
    .fill("How many negative mentions of Nurbank were there in the last 7 days? Show them.");
  await page.getByRole("button", { name: t("ai-assistant:send") }).click();
  const answer = answers(page).nth(1);
  await expect(answer).toContainText(/Nurbank \(negative only\): [\d,]+ mentions?/);
  // Cited in the text (source and day) and listed under it.
  const inText = answer.locator("p a[href^='/messages/']");
  await expect(inText.first()).toBeVisible();
  expect(await inText.count()).toBeGreaterThan(0);
  await expect(page.getByRole("region", { name: t("ai-assistant:blocks.cited") }).getByRole("link")).toHaveCount(
    await inText.count(),
  );
  // The same conversation's next answer does not repeat that no model is configured.
  await expect(answer).toContainText("No AI model is configured");
  await page.getByLabel(t("ai-assistant:question")).fill("What are the main negative topics for Nurbank?");
  await page.getByRole("button", { name: t("ai-assistant:send") }).click();
  await expect(answers(page)).toHaveCount(4);
  await expect(answers(page).nth(3)).toContainText(/1\. /);
  await expect(answers(page).nth(3)).not.toContainText("No AI model is configured");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the question form posts and the page comes back with the whole answer", async ({ page }) => {
    await page.goto("/ai-assistant");
    await page.getByRole("button", { name: "Compare Nurbank and Orzu Bank over the last 30 days" }).click();
    await expect(page).toHaveURL(/\/ai-assistant\/[0-9a-f-]{36}$/);
    const answer = answers(page).nth(1);
    await expect(answer).toContainText(/Nurbank had [\d,]+ mentions?/);
    await expect(answer.getByRole("table")).toBeVisible();

    await page.getByLabel(t("ai-assistant:question")).fill("Which tasks are open?");
    await page.getByRole("button", { name: t("ai-assistant:send") }).click();
    await expect(answers(page)).toHaveCount(4);
    await expect(answers(page).nth(3).getByRole("table")).toContainText(t("ai-assistant:columns.task"));

    // A blank question is refused with a message, and nothing is lost.
    await page.getByLabel(t("ai-assistant:question")).fill("   ");
    await page.getByRole("button", { name: t("ai-assistant:send") }).click();
    await expect(page.getByText(t("ai-assistant:errors.questionRequired"))).toBeVisible();
    await expect(answers(page)).toHaveCount(4);
  });
});
