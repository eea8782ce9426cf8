import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";

const root = path.resolve(import.meta.dirname, "../..");

/** `NAME=value` settings written in a file's examples (commands and `# NAME=value` lines). */
function settingsIn(file: string): Array<[string, string]> {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/(?:^|[\s#])(TELEGRAM_[A-Z_]+)=([^\s`"]+)/gm)].map((m) => [m[1] as string, m[2] as string]);
}

describe("the configuration examples", () => {
  for (const file of ["README.md", ".env.example"]) {
    it(`${file}: its Telegram settings start the server as written`, () => {
      const settings = settingsIn(file).filter(([, value]) => !value.startsWith("$") && !value.includes("…"));
      expect(settings.map(([name]) => name)).toContain("TELEGRAM_BOT_TOKEN");
      for (const [name, value] of settings) {
        expect(() => parseEnv({ [name]: value }), `${name}=${value}`).not.toThrow();
      }
    });
  }
  it("a token that is not one still stops it", () => {
    expect(() => parseEnv({ TELEGRAM_BOT_TOKEN: "123456789:AA..." })).toThrow(/TELEGRAM_BOT_TOKEN/);
  });
});
