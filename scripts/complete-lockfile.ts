// Some registries (this workplace's among them) lack other platforms' builds of a few dev tools
// (Biome's CLI, Tailwind's oxide). npm then leaves them out of package-lock.json, and `npm ci` refuses
// the lock as out of sync. This records each missing optional package by name and version, which is
// all `npm ci` needs; on a platform that needs one, npm fetches it then. Run after changing dependencies.
import fs from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "../package-lock.json");
const lock = JSON.parse(fs.readFileSync(file, "utf8")) as {
  packages: Record<string, { version?: string; dev?: boolean; optionalDependencies?: Record<string, string> }>;
};
let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true } as never;
    added++;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} missing optional package(s)`);
