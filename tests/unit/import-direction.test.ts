import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Biome's noRestrictedImports (biome.json) makes `npm run lint` fail on imports that point the wrong way:
// `app/` never imports `server/`, and the floor beneath the features (core, db, i18n, lib, ui) imports no
// feature.
const root = path.resolve(import.meta.dirname, "../..");
const fixtures: string[] = [];
afterAll(() => {
  for (const folder of fixtures) fs.rmSync(folder, { recursive: true, force: true });
});

/** Lints a module in `folder` (below app/) that imports `specifier`. */
function lint(folder: string, specifier: string) {
  const dir = path.join(root, "app", folder, `lint-fixture-${process.pid}`);
  fixtures.push(dir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "module.ts");
  fs.writeFileSync(file, `import { value } from "${specifier}";\n\nexport const copy = value;\n`);
  const result = spawnSync(path.join(root, "node_modules/.bin/biome"), ["lint", file], { encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe("import direction", () => {
  it.each(["../../../server/main.ts", "../../../server/auth-service/service", "../../../server"])(
    "fails lint for app/ importing %s",
    (specifier) => {
      const { status, output } = lint("features", specifier);
      expect(status).not.toBe(0);
      expect(output).toContain("app/ never imports server/");
    },
  );

  it.each(["~/lib/env.server", "react-dom/server", "../../core/auth-contract", "../../features/projects/schemas"])(
    "allows a feature importing %s",
    (specifier) => {
      expect(lint("features", specifier)).toMatchObject({ status: 0 });
    },
  );

  it.each([
    ["core", "../../features/projects/schemas"],
    ["core", "~/features/messages/feed"],
    ["db", "../../features/reports/list.ts"],
    ["i18n", "../../features/settings/preferences.server"],
    ["lib", "~/features/auth/guard.server"],
    ["ui", "../../features/tasks/task-form"],
  ])("fails lint for the floor (%s) importing %s", (folder, specifier) => {
    const { status, output } = lint(folder, specifier);
    expect(status).not.toBe(0);
    expect(output).toContain("The floor (core, db, i18n, lib, ui) imports no feature");
  });

  it.each(["../../../server/main.ts"])("keeps the floor from importing server/ too (%s)", (specifier) => {
    expect(lint("core", specifier).output).toContain("app/ never imports server/");
  });

  it.each(["../reader", "~/db/schema", "../../lib/format"])("allows the floor importing %s", (specifier) => {
    expect(lint("core", specifier)).toMatchObject({ status: 0 });
  });
});
