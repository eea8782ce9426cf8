import { describe, expect, it } from "vitest";
import { decodeUpload, ImportFileError, readTableInSlices } from "~/lib/upload-table";
import { watchEventLoop } from "../support/event-loop";

/** What `work` gives, how many times the event loop turned meanwhile, and the longest stretch it held it (ms). */
async function watched<T>(work: () => Promise<T>) {
  let turns = 0;
  let watching = true;
  const turn = () => {
    turns++;
    if (watching) setImmediate(turn);
  };
  setImmediate(turn);
  const stopWatching = watchEventLoop();
  const value = await work();
  const longest = stopWatching();
  watching = false;
  return { value, turns, longest };
}

/** The problem a file is refused for, or null when it reads. */
async function problemOf(content: string) {
  try {
    await readTableInSlices("json", content);
    return null;
  } catch (error) {
    if (error instanceof ImportFileError) return error.problem;
    throw error;
  }
}

describe("a source's JSON file", () => {
  it("reads a top-level array, or an object's items, with the columns of every row in order", async () => {
    const rows = [
      { id: 1, text: "One" },
      { text: "Two", lang: "uz" },
      { id: 3, tags: ["a"] },
    ];
    const expected = { columns: ["id", "text", "lang", "tags"], rows };
    expect(await readTableInSlices("json", JSON.stringify(rows))).toEqual(expected);
    expect(await readTableInSlices("json", `\uFEFF ${JSON.stringify({ total: 3, items: rows })}\n`)).toEqual(expected);
  });

  it("keeps only the first rows with a limit, still naming the columns the later rows add", async () => {
    const rows = [{ text: "One" }, { text: "Two", author: "B" }, { url: "https://c.example" }];
    expect(await readTableInSlices("json", JSON.stringify(rows), 1)).toEqual({
      columns: ["text", "author", "url"],
      rows: [{ text: "One" }],
    });
  });

  it.each([
    ["[{", "bad_json"],
    ['[{"text": "x"}] trailing', "bad_json"],
    ['[{"text": "x"},]', "bad_json"],
    // A syntax error counts first, as JSON.parse has it, even after a row of the wrong shape.
    ['[1, {"text": "x"}', "bad_json"],
    ['[1, {"text": "x"}]', "json_shape"],
    ['{"rows": [{"text": "x"}]}', "json_shape"],
    ['{"items": "x"}', "json_shape"],
    ['{"items": {"a": {"text": "x"}}}', "json_shape"],
    ['{"data": {"items": [{"text": "x"}]}}', "json_shape"],
    ['"text"', "json_shape"],
    ["[[1]]", "json_shape"],
    ["[]", "no_rows"],
    ['{"items": []}', "no_rows"],
    ["  \n", "empty"],
  ])("refuses %j: %s", async (content, problem) => {
    expect(await problemOf(content)).toBe(problem);
  });

  it("reads a large file in slices, the event loop turning in between", async () => {
    const rows = Array.from({ length: 100_000 }, (_, n) => ({
      id: n,
      text: `Note number ${n}, about Nurbank's new app, which has not worked since the morning 😀`,
      date: "2026-11-20",
    }));
    const content = JSON.stringify(rows);
    const { value: table, turns, longest } = await watched(() => readTableInSlices("json", content));
    expect(table.rows).toHaveLength(100_000);
    expect(table.rows[99_999]).toEqual(rows[99_999]);
    // Read in one go, the loop does not turn once until the whole file is parsed.
    expect(turns).toBeGreaterThan(50);
    // Loosely: the real figures come from the bench. The thread's CPU time between two ticks counts the garbage
    // collector's pauses too, which grow when other test files run beside this one (52 ms once in a full run).
    expect(longest).toBeLessThan(100);
  });
});

describe("an upload's text", () => {
  // Cyrillic (two bytes in UTF-8) and an emoji (four): slices of the bytes cut through characters.
  const text = Array.from({ length: 40_000 }, (_, n) => `${n};Нурбанк открыл отделение 😀;https://t.me/b/${n}\n`).join(
    "",
  );

  it("is decoded in slices, the event loop turning in between, whole", async () => {
    const bytes = new TextEncoder().encode(`\uFEFF${text}`);
    expect(bytes.length).toBeGreaterThan(2 * 1024 ** 2);
    const { value, turns, longest } = await watched(() => decodeUpload(bytes));
    expect(value).toBe(text);
    expect(turns).toBeGreaterThan(1);
    expect(longest).toBeLessThan(50);
  });

  it("falls back to Windows-1251 when a byte far into the file is not UTF-8", async () => {
    const bytes = new Uint8Array(3 * 1024 ** 2 + 2).fill(0x78);
    bytes.set([0xc0, 0xe1], 3 * 1024 ** 2);
    expect((await decodeUpload(bytes)).endsWith("Аб")).toBe(true);
  });

  it("reads UTF-16 across slices", async () => {
    // Little-endian with a BOM, as Excel's "Unicode Text" (and this machine's Uint16Array) has it.
    const units = Uint16Array.from({ length: text.length + 1 }, (_, i) => (i ? text.charCodeAt(i - 1) : 0xfeff));
    const bytes = new Uint8Array(units.buffer);
    expect(bytes.length).toBeGreaterThan(2 * 1024 ** 2);
    expect(await decodeUpload(bytes)).toBe(text);
  });
});
