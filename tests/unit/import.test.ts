import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, messages, sourceImports } from "~/db/schema";
import { runImport } from "~/features/sources/import.server";
import { ingest } from "~/features/sources/ingest.server";
import { action, loader } from "~/routes/_app.sources.$sourceId.import";
import { aProject, aSource, openTestDatabase } from "../support/builders";
import { watchEventLoop } from "../support/event-loop";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { call, ORIGIN, statusOf } from "../support/route";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let nurbank: string;
let queue: Awaited<ReturnType<typeof startTestJobQueue>>;

beforeAll(async () => {
  handle = await openTestDatabase();
  nurbank = (await aProject(handle, { name: "Nurbank", keywords: ["Nurbank"] })).id;
  queue = await startTestJobQueue(handle);
});
afterAll(async () => {
  await queue.stop(5_000);
  await handle.close();
});

type Context = Awaited<ReturnType<typeof signedInContext>>["context"];
let manager: Context;
beforeAll(async () => {
  manager = (await signedInContext({ roles: ["manager"] })).context;
});

const page = (sourceId: string, importId?: string) =>
  new Request(`${ORIGIN}/sources/${sourceId}/import${importId ? `?import=${importId}` : ""}`);

function post(sourceId: string, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(`${ORIGIN}/sources/${sourceId}/import`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
  });
}

async function upload(sourceId: string, name: string, content: string | Uint8Array, context = manager) {
  const file = new File([content as BlobPart], name);
  return call(action as never, post(sourceId, { intent: "upload", file }), context, { sourceId });
}

/** Uploads a file and returns the new import's id (from the redirect to its preview). */
async function uploaded(sourceId: string, name: string, content: string | Uint8Array) {
  const answer = await upload(sourceId, name, content);
  expect(statusOf(answer)).toBe(302);
  const id = new URL((answer as Response).headers.get("Location") ?? "", ORIGIN).searchParams.get("import");
  expect(id).toBeTruthy();
  return id as string;
}

type PageData = {
  current: {
    status: string;
    totalRows: number;
    processedRows: number;
    mapping: Record<string, string>;
    preview: { columns: string[]; rows: string[][] } | null;
    result: Record<string, number> | null;
    errors: Array<{ row: number; message: string }>;
    invalidRows: number;
    resumedFrom: number;
  };
};
const view = async (sourceId: string, importId: string) =>
  ((await call(loader as never, page(sourceId, importId), manager, { sourceId })) as PageData).current;

async function confirm(sourceId: string, importId: string, mapping: Record<string, string>) {
  const fields = Object.fromEntries(Object.entries(mapping).map(([field, column]) => [`map.${field}`, column]));
  return call(action as never, post(sourceId, { intent: "confirm", importId, ...fields }), manager, {
    sourceId: sourceId,
  });
}

/** Confirms the guessed mapping and waits for the queue to run the import. */
async function confirmAndRun(sourceId: string, importId: string) {
  const { mapping } = await view(sourceId, importId);
  expect(statusOf(await confirm(sourceId, importId, mapping))).toBe(302);
  await jobsSettled(handle);
  return view(sourceId, importId);
}

const storedFrom = async (sourceId: string) => handle.db.select().from(messages).where(eq(messages.sourceId, sourceId));
const aManualSource = () => aSource(handle, { type: "manual", url: null });

/** Windows-1251 bytes of text in ASCII and Russian letters (what Excel saves as "CSV" on a Russian system). */
function windows1251(text: string): Uint8Array {
  return Uint8Array.from([...text], (char) => {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (char === "Ё") return 0xa8;
    if (char === "ё") return 0xb8;
    throw new Error(`not in the test's Windows-1251 table: ${char}`);
  });
}

/** Text as UTF-16 bytes, as Excel's "Unicode Text" saves it (little-endian with a BOM), or otherwise. */
function utf16(text: string, order: "le" | "be", bom: boolean): Uint8Array {
  const units = [...(bom ? "\uFEFF" : ""), ...text].map((char) => char.charCodeAt(0));
  return Uint8Array.from(
    units.flatMap((unit) => (order === "le" ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff])),
  );
}

const RUSSIAN_CSV =
  "\uFEFFЗаголовок;Текст;Дата;Ссылка;Охват;Автор\n" +
  'Новости;"Нурбанк открыл отделение; Nurbank растёт";23.11.2026 09:30;https://gazeta.example/1?utm_source=x;1 200;Иванов\n' +
  "Погода;Завтра будет снег;2026-11-22;https://gazeta.example/2;;\n" +
  'Итоги;"Отчёт ""Nurbank"" за год";1763800000;;15;\n';

describe("preview before anything is stored", () => {
  it("reads the first rows and guesses the mapping from a Russian header, storing nothing", async () => {
    const source = await aManualSource();
    const id = await uploaded(source.id, "gazeta.csv", RUSSIAN_CSV);
    const current = await view(source.id, id);
    expect(current.status).toBe("preview");
    expect(current.totalRows).toBe(3);
    expect(current.preview?.columns).toEqual(["Заголовок", "Текст", "Дата", "Ссылка", "Охват", "Автор"]);
    expect(current.preview?.rows[0]).toEqual([
      "Новости",
      "Нурбанк открыл отделение; Nurbank растёт",
      "23.11.2026 09:30",
      "https://gazeta.example/1?utm_source=x",
      "1 200",
      "Иванов",
    ]);
    expect(current.mapping).toEqual({
      title: "Заголовок",
      text: "Текст",
      publishedAt: "Дата",
      url: "Ссылка",
      reach: "Охват",
      author: "Автор",
    });
    expect(await storedFrom(source.id)).toHaveLength(0);
  });

  it.each([
    [
      "English",
      "ID,Link,Headline,Body,Published at,Views,Tags\n1,,x,y,,,\n",
      "externalId url title text publishedAt reach tags",
    ],
    ["Uzbek Latin", "Sarlavha\tMatn\tSana\tMuallif\tTil\nx\ty\t\t\t\n", "title text publishedAt author language"],
    ["Uzbek Cyrillic", "Сарлавҳа,Матн,Сана,Ҳавола\nx,y,,\n", "title text publishedAt url"],
  ])("guesses the mapping from a header in %s too", async (_, file, fields) => {
    const source = await aManualSource();
    const columns = file.split("\n")[0]!.split(/[,\t]/);
    // Each column, in order, is the field named in the same place.
    const expected = Object.fromEntries(fields.split(" ").map((field, i) => [field, columns[i]]));
    expect((await view(source.id, await uploaded(source.id, "a.csv", file))).mapping).toEqual(expected);
  });

  it("refuses files it cannot read, saying why, and stores no import", async () => {
    const source = await aManualSource();
    const cases: Array<[string, string | Uint8Array, string]> = [
      ["empty.csv", "", "imports:fileErrors.empty"],
      ["header.csv", "title,text\n", "imports:fileErrors.no_rows"],
      ["broken.csv", 'title,text\n"unclosed,quote\n', "imports:fileErrors.bad_csv"],
      ["broken.json", "[{", "imports:fileErrors.bad_json"],
      ["shape.json", '{"rows": [1, 2]}', "imports:fileErrors.json_shape"],
      ["numbers.json", "[1, 2]", "imports:fileErrors.json_shape"],
      ["huge.csv", new Uint8Array(10 * 1024 ** 2 + 1).fill(0x61), "imports:fileErrors.too_large"],
    ];
    for (const [name, content, key] of cases) {
      const answer = (await upload(source.id, name, content)) as { data: { fieldErrors: Record<string, string> } };
      expect(statusOf(answer), name).toBe(400);
      expect(answer.data.fieldErrors.file, name).toBe(key);
    }
    const noFile = (await call(action as never, post(source.id, { intent: "upload" }), manager, {
      sourceId: source.id,
    })) as {
      data: { fieldErrors: Record<string, string> };
    };
    expect(noFile.data.fieldErrors.file).toBe("imports:fileErrors.missing");
    expect(await handle.db.select().from(sourceImports).where(eq(sourceImports.sourceId, source.id))).toHaveLength(0);
  });

  it("will not start without a text or title column, keeping the choices made", async () => {
    const source = await aManualSource();
    const id = await uploaded(source.id, "a.csv", "Заголовок,Текст\nx,y\n");
    const answer = (await confirm(source.id, id, { title: "", text: "", author: "Текст" })) as {
      data: { formError: { key: string }; values: Record<string, string> };
    };
    expect(statusOf(answer)).toBe(409);
    expect(answer.data.formError.key).toBe("imports:confirmErrors.no_text_column");
    expect(answer.data.values["map.author"]).toBe("Текст");
    expect((await view(source.id, id)).status).toBe("preview");
  });

  it("discards an upload that was never confirmed", async () => {
    const source = await aManualSource();
    const id = await uploaded(source.id, "a.csv", "title,text\nx,y\n");
    const answer = await call(action as never, post(source.id, { intent: "discard", importId: id }), manager, {
      sourceId: source.id,
    });
    expect(statusOf(answer)).toBe(302);
    expect(statusOf(await call(loader as never, page(source.id, id), manager, { sourceId: source.id }))).toBe(404);
  });
});

describe("running an import", () => {
  it("imports a UTF-8 CSV with a BOM and semicolons: Cyrillic intact, counts reported, projects matched", async () => {
    const source = await aManualSource();
    const id = await uploaded(source.id, "gazeta.csv", RUSSIAN_CSV);
    const done = await confirmAndRun(source.id, id);
    expect(done.status).toBe("done");
    expect(done.processedRows).toBe(3);
    expect(done.result).toEqual({ new: 3, duplicate: 0, matched: 2, rejected: 0 });
    const stored = await storedFrom(source.id);
    const first = stored.find((m) => m.title === "Новости");
    expect(first).toMatchObject({
      text: "Нурбанк открыл отделение; Nurbank растёт",
      author: "Иванов",
      reach: 1200,
      normalizedUrl: "https://gazeta.example/1",
    });
    expect(first?.publishedAt.toISOString()).toBe("2026-11-23T09:30:00.000Z");
    expect(stored.find((m) => m.title === "Итоги")?.publishedAt.toISOString()).toBe("2025-11-22T08:26:40.000Z");
    const links = await handle.db.select().from(messageProjects).where(eq(messageProjects.projectId, nurbank));
    expect(links.filter((l) => stored.some((m) => m.id === l.messageId))).toHaveLength(2);
    // The file is not kept once the import has run.
    const [row] = await handle.db.select().from(sourceImports).where(eq(sourceImports.id, id));
    expect(row?.content).toBeNull();
    // Importing the same file again stores nothing twice.
    const again = await confirmAndRun(source.id, await uploaded(source.id, "gazeta.csv", RUSSIAN_CSV));
    expect(again.result).toEqual({ new: 0, duplicate: 3, matched: 0, rejected: 0 });
  });

  it("reads a Windows-1251 file", async () => {
    const source = await aManualSource();
    const id = await uploaded(
      source.id,
      "excel.csv",
      windows1251("Заголовок;Текст\nЁлка;Nurbank поздравляет с Новым годом\n"),
    );
    expect((await view(source.id, id)).preview?.rows[0]).toEqual(["Ёлка", "Nurbank поздравляет с Новым годом"]);
    const done = await confirmAndRun(source.id, id);
    expect(done.result).toMatchObject({ new: 1, matched: 1 });
    expect((await storedFrom(source.id))[0]).toMatchObject({ title: "Ёлка" });
  });

  it("reads Excel's Unicode text: UTF-16 little- or big-endian, with or without a BOM, tab-separated", async () => {
    for (const [order, bom] of [
      ["le", true],
      ["le", false],
      ["be", true],
      ["be", false],
    ] as const) {
      const text = `Заголовок\tТекст\tДата\r\nЁлка\tNurbank поздравляет ${order} ${bom}\t2026-11-20\r\nИтоги\tГод Nurbank ${order} ${bom}\t2026-11-21\r\n`;
      const source = await aManualSource();
      const id = await uploaded(source.id, "excel.txt", utf16(text, order, bom));
      const current = await view(source.id, id);
      expect(current.preview?.columns, `${order} ${bom}`).toEqual(["Заголовок", "Текст", "Дата"]);
      expect(current.preview?.rows[0], `${order} ${bom}`).toEqual([
        "Ёлка",
        `Nurbank поздравляет ${order} ${bom}`,
        "2026-11-20",
      ]);
      expect((await confirmAndRun(source.id, id)).result).toMatchObject({ new: 2, matched: 2 });
      expect((await storedFrom(source.id)).map((m) => m.title).sort()).toEqual(["Ёлка", "Итоги"]);
    }
  });

  it("refuses a NUL byte in a UTF-8 file, naming its row, and stores no import", async () => {
    const source = await aManualSource();
    const bytes = new TextEncoder().encode("title,text\nOne,Nurbank one\nTwo,Nurbank\0two\nThree,Nurbank three\n");
    const answer = (await upload(source.id, "nul.csv", bytes)) as {
      data: { fieldErrors: Record<string, string>; row: number };
    };
    expect(statusOf(answer)).toBe(400);
    expect(answer.data.fieldErrors.file).toBe("imports:fileErrors.nul");
    expect(answer.data.row).toBe(3);
    expect(await handle.db.select().from(sourceImports).where(eq(sourceImports.sourceId, source.id))).toHaveLength(0);
  });

  it("imports JSON: an array, or an object with items", async () => {
    const source = await aManualSource();
    const items = [
      { id: 7, url: "https://blog.example/7", title: "Seven", text: "Nurbank review", reach: 50, tags: ["review"] },
      { id: "8", text: "Ikkinchi xabar", date: "2026-11-20T12:00:00+05:00", lang: "uz" },
    ];
    const array = await uploaded(source.id, "a.json", JSON.stringify(items));
    expect((await view(source.id, array)).mapping).toMatchObject({ externalId: "id", publishedAt: "date" });
    expect((await confirmAndRun(source.id, array)).result).toEqual({ new: 2, duplicate: 0, matched: 1, rejected: 0 });
    const stored = await storedFrom(source.id);
    expect(stored.find((m) => m.externalId === "7")).toMatchObject({ reach: 50, tags: ["review"] });
    expect(stored.find((m) => m.externalId === "8")).toMatchObject({ language: "uz" });

    const other = await aManualSource();
    const wrapped = await uploaded(other.id, "b.json", JSON.stringify({ items: [{ text: "Wrapped note" }] }));
    expect((await confirmAndRun(other.id, wrapped)).result).toMatchObject({ new: 1 });
  });

  it("a bad row fails the whole import: every problem reported by row, nothing stored", async () => {
    const source = await aManualSource();
    const csv =
      "title,text,date,url,reach\n" +
      "Fine,Nurbank is fine,2026-11-20,https://ok.example/1,10\n" +
      "Bad date,Some text,31.02.2026,https://ok.example/2,10\n" +
      "Bad link,More text,2026-11-20,javascript:alert(1),many\n" +
      ",,2026-11-20,,\n";
    const id = await uploaded(source.id, "bad.csv", csv);
    const failed = await confirmAndRun(source.id, id);
    expect(failed.status).toBe("failed");
    expect(failed.invalidRows).toBe(3);
    // Rows as a spreadsheet numbers them: the header is row 1.
    expect(failed.errors).toEqual([
      { row: 3, message: "publishedAt.bad_date" },
      { row: 4, message: "url.bad_url" },
      { row: 4, message: "reach.bad_number" },
      { row: 5, message: "text.no_text" },
    ]);
    expect(await storedFrom(source.id)).toHaveLength(0);
  });

  it("counts processed rows batch by batch while it runs", async () => {
    const source = await aManualSource();
    const rows = Array.from({ length: 1_500 }, (_, n) => `${n},Note number ${n} about Nurbank`).join("\n");
    const id = await uploaded(source.id, "many.csv", `id,text\n${rows}\n`);
    const { mapping } = await view(source.id, id);
    await confirm(source.id, id, mapping);
    const seen: Array<[string, number]> = [];
    for (let current = await view(source.id, id); !["done", "failed"].includes(current.status); ) {
      seen.push([current.status, current.processedRows]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      current = await view(source.id, id);
    }
    const done = await view(source.id, id);
    expect([done.status, done.processedRows, done.totalRows]).toEqual(["done", 1_500, 1_500]);
    expect(done.result).toEqual({ new: 1_500, duplicate: 0, matched: 1_500, rejected: 0 });
    // Batches of 500: the page saw the import part-way.
    const partial = seen.filter(([status, processed]) => status === "running" && processed > 0 && processed < 1_500);
    expect(partial.length).toBeGreaterThan(0);
    for (const [, processed] of partial) expect(processed % 500).toBe(0);
  });

  it("keeps the event loop turning while it reads and checks a large file, on upload and in the job", async () => {
    const source = await aManualSource();
    // Every row's date is wrong: the job reads and checks them all, then fails without storing any.
    const rows = Array.from(
      { length: 100_000 },
      (_, n) => `${n},"Note number ${n}, about Nurbank's new app, which has not worked since the morning",someday`,
    );
    const csv = new TextEncoder().encode(`id,text,date\n${rows.join("\n")}\n`);

    // The browser encodes the form and the network brings it in 64 KB chunks: the test does both before it
    // watches, so what is measured is the server's own work on the upload.
    const encoded = post(source.id, { intent: "upload", file: new File([csv], "large.csv") });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let sent = 0;
    const arriving = new Request(encoded.url, {
      method: "POST",
      headers: encoded.headers,
      body: new ReadableStream({
        async pull(controller) {
          // Each chunk in a later turn of the event loop, as a socket's data events come.
          await new Promise((resolve) => setImmediate(resolve));
          controller.enqueue(bytes.subarray(sent, sent + 65_536));
          sent += 65_536;
          if (sent >= bytes.length) controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    let stopWatching = watchEventLoop();
    const answer = await call(action as never, arriving, manager, { sourceId: source.id });
    const onUpload = stopWatching();
    expect(statusOf(answer)).toBe(302);
    const id = new URL((answer as Response).headers.get("Location") ?? "", ORIGIN).searchParams.get("import") as string;
    const { mapping } = await view(source.id, id);
    expect(mapping).toMatchObject({ externalId: "id", text: "text", publishedAt: "date" });
    expect(statusOf(await confirm(source.id, id, mapping))).toBe(302);
    stopWatching = watchEventLoop();
    await jobsSettled(handle);
    const inJob = stopWatching();

    const failed = await view(source.id, id);
    expect([failed.status, failed.invalidRows]).toEqual(["failed", 100_000]);
    // Loosely: the real figures come from the bench. Read in one go, this file holds the loop for about 200 ms.
    expect(onUpload).toBeLessThan(120);
    expect(inJob).toBeLessThan(120);
  });
});

describe("the job handed out again", () => {
  it("resumes an import cut off by its process after the last stored batch, and leaves a finished one alone", async () => {
    const source = await aManualSource();
    const rows = Array.from({ length: 1_200 }, (_, n) => `${n},Resumed note ${n} about Nurbank`).join("\n");
    const id = await uploaded(source.id, "long.csv", `id,text\n${rows}\n`);
    // Confirmed, and a first run died after storing and counting its first batch (set here by hand).
    const mapping = { externalId: "id", text: "text" };
    const first = Array.from({ length: 500 }, (_, n) => ({
      externalId: String(n),
      text: `Resumed note ${n} about Nurbank`,
    }));
    const stored = await ingest(testServices(), source.id, first);
    await handle.db
      .update(sourceImports)
      .set({ status: "running", processedRows: 500, mapping, result: { ...stored, rejected: 0 } })
      .where(eq(sourceImports.id, id));
    expect((await view(source.id, id)).resumedFrom).toBe(0);

    await runImport(testServices(), id);
    const done = await view(source.id, id);
    expect([done.status, done.processedRows]).toEqual(["done", 1_200]);
    // The first 500 rows were not read again: nothing counts as a duplicate.
    expect(done.result).toEqual({ new: 1_200, duplicate: 0, matched: 1_200, rejected: 0, resumedFrom: 500 });
    expect(done.resumedFrom).toBe(500);
    await runImport(testServices(), id);
    expect((await view(source.id, id)).result).toMatchObject({ new: 1_200, duplicate: 0 });
    expect(await storedFrom(source.id)).toHaveLength(1_200);
  });

  it("stops between batches when the queue takes the job back, leaving the rest to the next run", async () => {
    const source = await aManualSource();
    const rows = Array.from({ length: 1_200 }, (_, n) => `${n},Stopped note ${n} about Nurbank`).join("\n");
    const id = await uploaded(source.id, "long.csv", `id,text\n${rows}\n`);
    await handle.db
      .update(sourceImports)
      .set({ status: "queued", mapping: { externalId: "id", text: "text" } })
      .where(eq(sourceImports.id, id));
    await runImport(testServices(), id, AbortSignal.abort());
    expect(await view(source.id, id)).toMatchObject({ status: "running", processedRows: 0 });
    await runImport(testServices(), id);
    expect(await view(source.id, id)).toMatchObject({ status: "done", processedRows: 1_200 });
  });
});

describe("who may import", () => {
  it("admins and managers only; analysts and viewers get 403; a source that is not manual is 404", async () => {
    const source = await aManualSource();
    for (const role of ["analyst", "viewer"] as const) {
      const { context } = await signedInContext({ roles: [role] });
      expect(statusOf(await call(loader as never, page(source.id), context, { sourceId: source.id })), role).toBe(403);
      expect(statusOf(await upload(source.id, "a.csv", "title,text\nx,y\n", context)), role).toBe(403);
    }
    const { context: admin } = await signedInContext({ roles: ["admin"] });
    expect(statusOf(await upload(source.id, "a.csv", "title,text\nx,y\n", admin))).toBe(302);
    const feed = await aSource(handle, { type: "rss" });
    expect(statusOf(await call(loader as never, page(feed.id), manager, { sourceId: feed.id }))).toBe(404);
    expect(statusOf(await upload(feed.id, "a.csv", "title,text\nx,y\n"))).toBe(404);
    expect(statusOf(await call(loader as never, page("not-a-uuid"), manager, { sourceId: "not-a-uuid" }))).toBe(404);
  });
});
