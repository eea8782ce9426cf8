// Deterministic demo workspace: 3 projects with competitors, 12 sources, N messages over 120 days in four
// languages (with a few events that spike the volume), their project links and rollups, and tasks.
// Language, sentiment and links come from the ingestion pipeline's own steps (detection, the default
// classifier, the matcher); the rows are then stored in bulk, which ingest() is too slow for at 1 000 000.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { createMatcher } from "~/core/matcher";
import { addDays, mondayOf, today as todayIn } from "~/core/period";
import { type Connection, drizzleOn } from "~/db/connection.server";
import { REPORT_SECTIONS } from "~/db/report-model";
import * as schema from "~/db/schema";
import { startingZoneKey } from "~/features/settings/starting-zone";
import { chooseLanguage, type Language } from "~/features/sources/language";
import { isPolled } from "~/features/sources/schemas";
import { lexiconClassifier } from "~/features/sources/sentiment";
import {
  AUTHORS,
  BRANDS,
  type BrandKey,
  CITIES,
  GENERAL,
  type Lang,
  type Mood,
  PRODUCTS,
  STORIES,
  type StoryKey,
  TEMPLATES,
} from "./content.ts";
import { DEMO_TIME_ZONE } from "./team.ts";

export const DEMO_DAYS = 120;

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PROJECTS = [
  {
    key: "nurbank",
    name: "Nurbank",
    description: "Retail bank: brand, mobile app and cards.",
    translations: {
      description: {
        ru: "Розничный банк: бренд, мобильное приложение и карты.",
        uz: "Chakana bank: brend, mobil ilova va kartalar.",
        "uz-Cyrl": "Чакана банк: бренд, мобил илова ва карталар.",
      },
    },
    color: "#1f5eff",
    keywords: ["Nurbank", "Nur Bank", "Нурбанк"],
    excludedWords: ["vakansiya", "вакансия"],
  },
  {
    key: "orzu",
    name: "Orzu Bank",
    description: "Main competitor in retail banking.",
    translations: {
      description: {
        ru: "Главный конкурент в розничном банкинге.",
        uz: "Chakana bank xizmatlaridagi asosiy raqobatchi.",
        "uz-Cyrl": "Чакана банк хизматларидаги асосий рақобатчи.",
      },
    },
    color: "#9333ea",
    keywords: ["Orzu Bank", "Orzubank", "Орзу Банк"],
    excludedWords: [],
  },
  {
    key: "tezpay",
    name: "TezPay",
    description: "Payments app: outages, fees and reviews.",
    translations: {
      description: {
        ru: "Платёжное приложение: сбои, комиссии и отзывы.",
        uz: "Toʻlov ilovasi: uzilishlar, komissiyalar va sharhlar.",
        "uz-Cyrl": "Тўлов иловаси: узилишлар, комиссиялар ва шарҳлар.",
      },
    },
    color: "#ea580c",
    keywords: ["TezPay", "Tez Pay", "ТезПей"],
    excludedWords: [],
  },
] as const;

const SOURCES: Array<{
  type: "rss" | "atom" | "telegram" | "website" | "webhook" | "manual";
  name: string;
  url: string | null;
  language: Lang | null;
  weight: number;
  translations?: schema.Translations;
}> = [
  { type: "rss", name: "Toshkent Kuni", url: "https://toshkent-kuni.example/rss", language: "uz", weight: 14 },
  { type: "rss", name: "Biznes Xabar", url: "https://biznes-xabar.example/feed", language: "uz", weight: 9 },
  { type: "rss", name: "Деловой Ташкент", url: "https://delovoy-tashkent.example/rss", language: "ru", weight: 13 },
  {
    type: "rss",
    name: "Central Asia Finance Review",
    url: "https://ca-finance.example/rss",
    language: "en",
    weight: 6,
  },
  {
    type: "atom",
    name: "Samarqand Herald",
    url: "https://samarqand-herald.example/atom.xml",
    language: "en",
    weight: 4,
  },
  { type: "telegram", name: "Pul va bank", url: "pul_va_bank", language: "uz-Cyrl", weight: 12 },
  { type: "telegram", name: "Tashkent Live", url: "tashkent_live", language: "ru", weight: 15 },
  { type: "telegram", name: "Fintech UZ", url: "fintech_uz", language: "uz", weight: 10 },
  { type: "telegram", name: "Ўзбек бизнеси", url: "uzbek_biznesi", language: "uz-Cyrl", weight: 7 },
  {
    type: "website",
    name: "Bank Reviews UZ",
    url: "https://bankreviews.example/sitemap.xml",
    language: "ru",
    weight: 5,
  },
  {
    type: "webhook",
    name: "Contact centre",
    url: null,
    language: null,
    weight: 3,
    translations: { name: { ru: "Контакт-центр", uz: "Aloqa markazi", "uz-Cyrl": "Алоқа маркази" } },
  },
  {
    type: "manual",
    name: "Customer survey import",
    url: null,
    language: null,
    weight: 2,
    translations: {
      name: {
        ru: "Импорт опроса клиентов",
        uz: "Mijozlar soʻrovnomasi importi",
        "uz-Cyrl": "Мижозлар сўровномаси импорти",
      },
    },
  },
];

/**
 * Days ago → what happened: it shapes which brand is talked about, and how. Nurbank's last weeks tell stories
 * (content.ts): an app update that broke signing in, a mortgage rate cut, then a fee on QR payments.
 */
const EVENTS: Array<{ daysAgo: number; span: number; brand: BrandKey; mood: Mood; boost: number; story?: StoryKey }> = [
  { daysAgo: 38, span: 2, brand: "tezpay", mood: "negative", boost: 3.5 },
  { daysAgo: 21, span: 2, brand: "nurbank", mood: "negative", boost: 1.8, story: "appUpdate" },
  { daysAgo: 14, span: 3, brand: "nurbank", mood: "positive", boost: 2.5, story: "mortgage" },
  { daysAgo: 61, span: 1, brand: "orzu", mood: "negative", boost: 2 },
  { daysAgo: 8, span: 5, brand: "nurbank", mood: "negative", boost: 1.4, story: "qrFee" },
  { daysAgo: 3, span: 1, brand: "tezpay", mood: "negative", boost: 1.8 },
];
/** Of an event's mentions in its mood, the share that tell its story (the rest is the usual talk). */
const STORY_SHARE = 0.6;

const MOODS: Record<BrandKey, [number, number]> = { nurbank: [0.46, 0.84], orzu: [0.3, 0.74], tezpay: [0.34, 0.68] };

export interface SeedResult {
  projectIds: Record<BrandKey, string>;
  messages: number;
  links: number;
}

/** Replaces the workspace's domain data with the demo set. */
export async function seedDemo(
  connection: Connection,
  { messages: total = 20_000, seed = 20261122, now = new Date() } = {},
): Promise<SeedResult> {
  const db = drizzleOn(connection, schema);
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)] as T;

  await db.execute(
    sql`TRUNCATE projects, sources, messages, message_projects, mention_rollups, project_sets, tasks, reports CASCADE`,
  );

  const projectRows = await db
    .insert(schema.projects)
    .values(
      PROJECTS.map(({ key: _key, ...p }) => ({ ...p, keywords: [...p.keywords], excludedWords: [...p.excludedWords] })),
    )
    .returning();
  const idOf = Object.fromEntries(PROJECTS.map((p, i) => [p.key, (projectRows[i] as { id: string }).id])) as Record<
    BrandKey,
    string
  >;
  // Share of voice: the banks against each other, the payments app against both.
  for (const [key, rivals] of [
    ["nurbank", ["orzu"]],
    ["orzu", ["nurbank"]],
    ["tezpay", ["nurbank", "orzu"]],
  ] as const) {
    await db
      .update(schema.projects)
      .set({ competitorIds: rivals.map((r) => idOf[r]) })
      .where(sql`${schema.projects.id} = ${idOf[key]}`);
  }

  const sourceRows = await db
    .insert(schema.sources)
    .values(
      SOURCES.map(({ weight: _w, ...s }) => ({
        ...s,
        // Sources a collector reads are paused: a demo machine may have no internet (and these hosts do
        // not exist), so they would only turn "failing". Webhook and import sources wait for deliveries.
        status: isPolled(s.type) ? ("paused" as const) : ("active" as const),
      })),
    )
    .returning();
  // Each collected source's last hours of fetches, every 15 minutes; the source says what the last one did.
  // Webhook and import sources are never fetched, so they say nothing about fetching.
  for (const source of sourceRows.filter((s) => isPolled(s.type))) {
    const last = now.getTime() - (1 + Math.floor(rnd() * 20)) * 60_000;
    const attempts = Array.from({ length: 8 }, (_, k) => {
      const unchanged = k > 0 && rnd() < 0.3;
      return {
        sourceId: source.id,
        startedAt: new Date(last - k * source.pollIntervalMinutes * 60_000),
        durationMs: 300 + Math.floor(rnd() * 2000),
        httpStatus: unchanged ? 304 : 200,
        result: unchanged ? ("not_modified" as const) : ("ok" as const),
        newItems: unchanged ? 0 : Math.floor(rnd() * 12),
        duplicateItems: unchanged ? 0 : Math.floor(rnd() * 3),
      };
    });
    await db.insert(schema.fetchAttempts).values(attempts);
    const latest = attempts[0] as (typeof attempts)[number];
    await db
      .update(schema.sources)
      .set({ lastFetchedAt: latest.startedAt, lastResult: latest.result, lastNewItems: latest.newItems })
      .where(sql`${schema.sources.id} = ${source.id}`);
  }
  const weights = SOURCES.map((s) => s.weight);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const pickSource = () => {
    let r = rnd() * weightSum;
    for (let i = 0; i < SOURCES.length; i++) {
      r -= weights[i] as number;
      if (r <= 0) return i;
    }
    return SOURCES.length - 1;
  };

  // Messages per day: a weekly rhythm, slow growth, and the events' spikes.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayWeight = Array.from({ length: DEMO_DAYS }, (_, daysAgo) => {
    const weekday = new Date(today - daysAgo * 86_400_000).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.65 : 1;
    const growth = 1 + (DEMO_DAYS - daysAgo) / DEMO_DAYS / 2;
    const event = EVENTS.find((e) => daysAgo <= e.daysAgo && daysAgo > e.daysAgo - e.span);
    return weekend * growth * (event ? event.boost : 1) * (0.85 + rnd() * 0.3);
  });
  const weightTotal = dayWeight.reduce((a, b) => a + b, 0);

  const rows: Array<typeof schema.messages.$inferInsert> = [];
  let index = 0;
  // Each day gets its share of `total`, rounded on the running sum, so the days add up to exactly `total`.
  let weightSoFar = 0;
  for (let daysAgo = DEMO_DAYS - 1; daysAgo >= 0; daysAgo--) {
    weightSoFar += dayWeight[daysAgo] as number;
    const count = Math.round((total * weightSoFar) / weightTotal) - index;
    const event = EVENTS.find((e) => daysAgo <= e.daysAgo && daysAgo > e.daysAgo - e.span);
    for (let k = 0; k < count; k++, index++) {
      const source = SOURCES[pickSource()] as (typeof SOURCES)[number];
      const sourceRow = sourceRows[SOURCES.indexOf(source)] as { id: string };
      const lang: Lang = source.language ?? pick(["en", "ru", "uz", "uz-Cyrl"] as const);
      const roll = rnd();
      const brand: BrandKey | null =
        event && roll < 0.65
          ? event.brand
          : roll < 0.35
            ? "nurbank"
            : roll < 0.58
              ? "orzu"
              : roll < 0.86
                ? "tezpay"
                : null;
      const [pos, neu] = brand ? MOODS[brand] : [0.3, 0.85];
      const m = rnd();
      const mood: Mood =
        event && brand === event.brand && rnd() < 0.7
          ? event.mood
          : m < pos
            ? "positive"
            : m < neu
              ? "neutral"
              : "negative";
      const story = event?.story && brand === event.brand && mood === event.mood && rnd() < STORY_SHARE;
      const told = story && event?.story ? STORIES[event.story][lang] : null;
      const template = told
        ? { title: pick(told.titles), text: `${pick(told.leads)} ${pick(told.reactions)}` }
        : brand
          ? pick(TEMPLATES[lang][mood])
          : pick(GENERAL[lang]);
      const fill = (s: string) =>
        s
          .replaceAll("{b}", brand ? BRANDS[brand][lang] : "")
          .replaceAll("{c}", pick(CITIES[lang]))
          .replaceAll("{p}", pick(PRODUCTS[lang]))
          .replaceAll("{n}", String(2 + Math.floor(rnd() * 38)));
      const title = fill(template.title);
      const text = fill(template.text);
      const hour = 6 + rnd() * 17;
      const publishedAt = new Date(today - daysAgo * 86_400_000 + hour * 3_600_000);
      if (publishedAt > now) publishedAt.setTime(now.getTime() - rnd() * 3_600_000);
      const base = { telegram: 9000, rss: 3500, atom: 2500, website: 1200, webhook: 1, manual: 1 }[source.type];
      const reach = Math.round(base * Math.exp((rnd() + rnd() + rnd() - 1.5) * 1.6));
      const url =
        source.type === "telegram"
          ? `https://t.me/${source.url}/${1000 + index}`
          : source.url
            ? `${new URL(source.url).origin}/news/${index}`
            : null;
      const storedTitle = source.type === "telegram" ? null : title;
      const storedText = source.type === "telegram" ? `${title}. ${text}` : text;
      rows.push({
        sourceId: sourceRow.id,
        externalId: `demo-${index}`,
        url,
        normalizedUrl: url,
        contentHash: createHash("sha256").update(`${title}\n${text}\n${index}`).digest("hex"),
        title: storedTitle,
        text: storedText,
        author: source.type === "telegram" ? source.name : pick(AUTHORS[lang]),
        publishedAt,
        collectedAt: new Date(publishedAt.getTime() + (2 + rnd() * 30) * 60_000),
        // As the pipeline does: detected from the text, the source's language when unsure.
        language: chooseLanguage(null, `${storedTitle ?? ""}\n${storedText}`, source.language),
        reach,
        tags: mood === "negative" && rnd() < 0.4 ? ["complaint"] : [],
        isRead: daysAgo > 7 ? rnd() < 0.85 : rnd() < 0.3,
        isStarred: rnd() < 0.02,
      });
    }
  }

  // Links are computed by the same matcher the app uses; the rollups are counted in one pass afterwards, with
  // their insert triggers off meanwhile (ADR 043).
  const matchers = PROJECTS.map((p) => ({
    id: idOf[p.key],
    match: createMatcher({ ...p, requiredWords: [], languages: [] }),
  }));
  await db.execute(sql`ALTER TABLE messages DISABLE TRIGGER messages_rollup_insert`);
  await db.execute(sql`ALTER TABLE message_projects DISABLE TRIGGER message_projects_rollup`);
  let linked = 0;
  try {
    for (let i = 0; i < rows.length; i += 1000) {
      const batch = rows.slice(i, i + 1000);
      // The lexicon, with the text the pipeline would give it: demo texts are never sent to a configured model.
      const sentiments = await lexiconClassifier(
        batch.map((m) => ({ text: `${m.title ?? ""}\n${m.text}`, language: m.language as Language })),
      );
      const inserted = await db
        .insert(schema.messages)
        .values(
          batch.map((m, k) => ({ ...m, sentiment: sentiments[k]?.sentiment, sentimentScore: sentiments[k]?.score })),
        )
        .returning({
          id: schema.messages.id,
          title: schema.messages.title,
          text: schema.messages.text,
          language: schema.messages.language,
          publishedAt: schema.messages.publishedAt,
        });
      const links = inserted.flatMap((m) =>
        matchers.flatMap(({ id, match }) => {
          const terms = match(m);
          return terms ? [{ messageId: m.id, projectId: id, matchedTerms: terms, publishedAt: m.publishedAt }] : [];
        }),
      );
      if (links.length) await db.insert(schema.messageProjects).values(links);
      linked += links.length;
    }
  } finally {
    await db.execute(sql`ALTER TABLE message_projects ENABLE TRIGGER message_projects_rollup`);
    await db.execute(sql`ALTER TABLE messages ENABLE TRIGGER messages_rollup_insert`);
  }
  await db.execute(sql`SELECT kuzatuv_rebuild_rollups()`);

  // Last week's report of the first brand (Monday to Sunday in the demo team's zone) with every section,
  // generated by the server (see generatePendingReports and the schedule loop), and kept weekly.
  const monday = mondayOf(todayIn(DEMO_TIME_ZONE, now));
  const dayOf = (offset: number) => addDays(monday, offset);
  await db.insert(schema.reports).values({
    projectId: idOf.nurbank,
    title: "Nurbank weekly brief",
    periodKind: "last_week",
    timeZone: DEMO_TIME_ZONE,
    periodStart: dayOf(-7),
    periodEnd: dayOf(-1),
    sections: [...REPORT_SECTIONS],
    topMentionsCount: 5,
    notes:
      "Highlights of the week:\n- the new branch opening drew the most reach\n- complaints about queues eased after Wednesday",
    schedule: "weekly",
  });

  return { projectIds: idOf, messages: rows.length, links: linked };
}

const TASKS: Array<{
  project: BrandKey;
  title: string;
  status: "backlog" | "todo" | "in_progress" | "done" | "canceled";
  priority: "low" | "medium" | "high" | "critical";
  label: string;
  dueInDays: number | null;
}> = [
  {
    project: "tezpay",
    title: "Publish a statement on the payments outage",
    status: "done",
    priority: "critical",
    label: "crisis",
    dueInDays: -37,
  },
  {
    project: "tezpay",
    title: "Reply to the top 20 outage complaints on Telegram",
    status: "done",
    priority: "high",
    label: "support",
    dueInDays: -35,
  },
  {
    project: "tezpay",
    title: "Weekly digest of fee complaints for the product team",
    status: "in_progress",
    priority: "medium",
    label: "report",
    dueInDays: 2,
  },
  {
    project: "tezpay",
    title: "Check today's spike of negative mentions",
    status: "todo",
    priority: "high",
    label: "alert",
    dueInDays: 0,
  },
  {
    project: "nurbank",
    title: "Collect launch feedback on the cashback card",
    status: "done",
    priority: "medium",
    label: "launch",
    dueInDays: -10,
  },
  {
    project: "nurbank",
    title: "Thank the bloggers who reviewed the new app",
    status: "in_progress",
    priority: "low",
    label: "community",
    dueInDays: 3,
  },
  {
    project: "nurbank",
    title: "Подготовить ответы на вопросы о вкладах",
    status: "todo",
    priority: "medium",
    label: "support",
    dueInDays: -2,
  },
  {
    project: "nurbank",
    title: "Compare share of voice with Orzu Bank for the board",
    status: "todo",
    priority: "high",
    label: "report",
    dueInDays: 7,
  },
  {
    project: "nurbank",
    title: "Add Karakalpak-language outlets as sources",
    status: "backlog",
    priority: "low",
    label: "sources",
    dueInDays: null,
  },
  {
    project: "orzu",
    title: "Summarise Orzu Bank's branch expansion coverage",
    status: "in_progress",
    priority: "medium",
    label: "competitors",
    dueInDays: 4,
  },
  {
    project: "orzu",
    title: "Raqobatchi aksiyalari boʻyicha maʼlumotnoma",
    status: "todo",
    priority: "low",
    label: "competitors",
    dueInDays: 10,
  },
  {
    project: "orzu",
    title: "Archive last quarter's Orzu Bank mentions report",
    status: "canceled",
    priority: "low",
    label: "report",
    dueInDays: null,
  },
];

/** Labels of the demo tasks that are about a particular mention: those are linked to one. */
const ABOUT_A_MENTION = new Set(["crisis", "support", "alert", "community"]);

/**
 * Tasks for the demo projects: each assigned in turn to a member of its project (none when it has
 * none), and the ones about a mention linked to one of the project's latest negative mentions.
 */
/**
 * The demo team starts in the demo's zone (DEMO_TIME_ZONE): their preferences, made on their first page with
 * the language they see, take it as their zone (startingZone). A member who already has preferences keeps them.
 */
export async function seedDemoZones(connection: Connection, team: Array<{ id: string }>) {
  if (!team.length) return;
  const db = drizzleOn(connection, schema);
  await db
    .insert(schema.appMeta)
    .values(team.map((user) => ({ key: startingZoneKey(user.id), value: DEMO_TIME_ZONE })))
    .onConflictDoNothing({ target: schema.appMeta.key });
}

export async function seedDemoTasks(
  connection: Connection,
  projectIds: Record<BrandKey, string>,
  team: Array<{ id: string; projectIds: string[] }>,
  now = new Date(),
) {
  const db = drizzleOn(connection, schema);
  const turn: Record<string, number> = {};
  const latestNegative = async (projectId: string) => {
    const rows = await db
      .select({ id: schema.messages.id })
      .from(schema.messages)
      .innerJoin(schema.messageProjects, sql`${schema.messageProjects.messageId} = ${schema.messages.id}`)
      .where(sql`${schema.messageProjects.projectId} = ${projectId} AND ${schema.messages.sentiment} = 'negative'`)
      .orderBy(sql`${schema.messages.publishedAt} DESC`)
      .limit(10);
    return rows.map((r) => r.id);
  };
  const mentionsOf: Record<string, string[]> = {};
  for (const id of Object.values(projectIds)) mentionsOf[id] = await latestNegative(id);
  await db.insert(schema.tasks).values(
    TASKS.map((task) => {
      const projectId = projectIds[task.project];
      const members = team.filter((user) => user.projectIds.includes(projectId));
      const n = (turn[projectId] ?? -1) + 1;
      turn[projectId] = n;
      return {
        projectId,
        title: task.title,
        status: task.status,
        priority: task.priority,
        label: task.label,
        assigneeId: members.length ? (members[n % members.length]?.id ?? null) : null,
        dueDate:
          task.dueInDays === null
            ? null
            : new Date(now.getTime() + task.dueInDays * 86_400_000).toISOString().slice(0, 10),
        messageId: ABOUT_A_MENTION.has(task.label) ? (mentionsOf[projectId]?.[n] ?? null) : null,
        createdBy: members[0]?.id ?? team[0]?.id ?? null,
      };
    }),
  );
}
