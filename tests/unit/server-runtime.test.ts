import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ENV, SERVER_NODE_ARGS } from "../../scripts/server-runtime";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);

describe("the server's runtime settings", () => {
  it("are what npm start runs", () => {
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    expect(start.split(" && ").at(-1)).toBe([...env, "node", ...SERVER_NODE_ARGS].join(" "));
  });

  it("are what the container image runs", () => {
    const dockerfile = read("Dockerfile");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? "[]";
    expect(JSON.parse(cmd)).toEqual(["node", ...SERVER_NODE_ARGS]);
    for (const setting of env) expect(dockerfile).toMatch(new RegExp(`^(ENV |\\s+)${setting}\\b`, "m"));
  });
});
