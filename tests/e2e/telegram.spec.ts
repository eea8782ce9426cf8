// Linking Telegram for alerts (ADR 045) with the fake Bot API the config starts: the deep link's code reaches
// the bot as `/start <code>` (the server polls getUpdates), the chat gets a confirmation, the page shows the
// linked chat by itself, and the per-project choices are saved.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { BOT_URL } from "../../playwright.config";
import { text, waitForInteractive } from "./support";

test("linking Telegram through the bot's deep link, then choosing what comes there", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill("viewer@kuzatuv.local");
  await page.getByLabel("Password").fill("kuzatuv-demo");
  await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/settings/notifications");
  await waitForInteractive(page);
  await page.getByRole("button", { name: text("en", "settings:telegram.link") }).click();
  const open = page.getByRole("link", { name: text("en", "settings:telegram.openLink") });
  const href = (await open.getAttribute("href")) ?? "";
  const code = href.match(/^https:\/\/t\.me\/kuzatuv_support_bot\?start=([\w-]+)$/)?.[1];
  expect(code, href).toBeTruthy();

  // The user presses Start in Telegram.
  const chatId = 424_242;
  await page.request.post(`${BOT_URL}/updates`, { data: { chatId, text: `/start ${code}`, username: "viewer_tg" } });
  const linked = text("en", "settings:telegram.linkedTo").split("{{chat}}")[0] as string;
  await expect(page.getByText(`${linked}@viewer_tg`)).toBeVisible({ timeout: 15_000 });
  await expect(open).toHaveCount(0);
  await expect
    .poll(async () => {
      const received = (await (await page.request.get(`${BOT_URL}/received`)).json()) as Array<{
        chat_id: number | string;
        text: string;
      }>;
      return received.find((m) => String(m.chat_id) === String(chatId))?.text;
    })
    .toBe(text("en", "dashboard:alerts.channel.telegram.linked"));

  const volume = page.getByRole("checkbox", { name: `${text("en", "settings:telegram.kinds.volume")}: TezPay` });
  await volume.check();
  await page.getByRole("button", { name: text("en", "settings:telegram.save") }).click();
  await expect(page.getByText(text("en", "settings:telegram.saved"))).toBeVisible();
  await page.reload();
  await expect(volume).toBeChecked();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  await expect(
    page.getByRole("checkbox", { name: `${text("en", "settings:telegram.kinds.negative")}: TezPay` }),
  ).not.toBeChecked();
  await context.close();
});
