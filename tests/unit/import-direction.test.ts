import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `app/` never imports `server/`: Biome's noRestrictedImports (biome.json) makes `npm run lint` fail on it.
const root = path.resolve(import.meta.dirname, "../..");
const folder = path.join(root, "app/features", `lint-fixture-${process.pid}`);
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function lint(specifier: string) {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, "module.ts");
  fs.writeFileSync(file, `import { value } from "${specifier}";\n\nexport const copy = value;\n`);
  const result = spawnSync(path.join(root, "node_modules/.bin/biome"), ["lint", file], { encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("import direction", () => {
  it.each(["../../../server/main.ts", "../../../server/auth-service/service", "../../../server"])(
    "fails lint for app/ importing %s",
    (specifier) => {
      const { status, output } = lint(specifier);
      expect(status).not.toBe(0);
      expect(output).toContain("app/ never imports server/");
    },
  );

  it.each(["~/lib/env.server", "react-dom/server", "../auth/contract"])("allows app/ importing %s", (specifier) => {
    expect(lint(specifier)).toMatchObject({ status: 0 });
  });
});
