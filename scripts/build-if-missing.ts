// `npm start` serves the production build; on a fresh checkout there is none yet, so make it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.log("No build yet: building Kuzatuv once (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  process.exit(result.status ?? 1);
}
