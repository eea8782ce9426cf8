import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Biome's noRestrictedImports (biome.json) makes `npm run lint` fail on imports that point the wrong way:
// `app/` never imports `server/`, and each layer of app/ imports only the layers below it (routes → features →
// shell → ui → core → i18n → db → lib), type-only imports included.
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

  it.each(["~/lib/env.server", "react-dom/server", "~/core/auth-contract", "~/features/projects/schemas", "./sibling"])(
    "allows a feature importing %s",
    (specifier) => {
      expect(lint("features", specifier)).toMatchObject({ status: 0 });
    },
  );

  it.each([
    ["core", "~/features/projects/schemas"],
    ["core", "~/features/mentions/feed"],
    ["db", "~/features/reports/list"],
    ["i18n", "~/features/settings/preferences.server"],
    ["lib", "~/features/auth/guard.server"],
    ["ui", "~/features/tasks/task-form"],
    ["shell", "~/features/projects/projects.server"],
    ["features", "~/routes/projects.preview"],
    ["shell", "~/routes/messages.palette"],
    ["ui", "~/shell/use-dismiss"],
    ["core", "~/ui/data-table/toolbar"],
    ["i18n", "~/core/context.server"],
    ["db", "~/i18n/config"],
    ["lib", "~/i18n/use-translation"],
    ["lib", "~/db/schema"],
  ])("fails lint for %s importing %s, a layer above it", (folder, specifier) => {
    const { status, output } = lint(folder, specifier);
    expect(status).not.toBe(0);
    expect(output).toContain("Layers point down: routes → features → shell → ui → core → i18n → db → lib");
  });

  it.each([
    ["features", "../../core/period"],
    ["features", "../projects/schemas"],
    ["lib", "../env.server.ts"],
  ])("fails lint for %s importing %s: another folder of app/ is imported as ~/", (folder, specifier) => {
    const { status, output } = lint(folder, specifier);
    expect(status).not.toBe(0);
    expect(output).toContain("Import from another folder of app/ as ~/");
  });

  it("counts a type-only import too", () => {
    const dir = path.join(root, "app", "lib", `lint-fixture-type-${process.pid}`);
    fixtures.push(dir);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, "module.ts");
    fs.writeFileSync(file, `import type { Translations } from "~/db/schema";\n\nexport type Copy = Translations;\n`);
    const result = spawnSync(path.join(root, "node_modules/.bin/biome"), ["lint", file], { encoding: "utf8" });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toContain("Layers point down");
  });

  it.each(["../../../server/main.ts"])("keeps the layers below from importing server/ too (%s)", (specifier) => {
    expect(lint("core", specifier).output).toContain("app/ never imports server/");
  });

  it.each([
    ["core", "~/core/reader"],
    ["core", "~/db/schema"],
    ["core", "~/lib/format"],
    ["shell", "~/ui/icons"],
    ["features", "~/shell/toaster"],
    ["ui", "~/core/table"],
    ["db", "~/lib/translations"],
  ])("allows %s importing %s, a layer below it", (folder, specifier) => {
    expect(lint(folder, specifier)).toMatchObject({ status: 0 });
  });
});
