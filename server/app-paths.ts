// `~/` means `app/` (tsconfig's paths), for Vite and for Node alike: Node runs the server's start-up, the
// scripts and the database thread straight from the TypeScript sources, and this hook, loaded with
// `--import ./server/app-paths.ts` (SERVER_NODE_ARGS, package.json), resolves `~/x` to app/x.ts (or .tsx).
import { existsSync, statSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const APP = fileURLToPath(new URL("../app/", import.meta.url));
const ENDINGS = ["", ".ts", ".tsx", "/index.ts"];

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!specifier.startsWith("~/")) return nextResolve(specifier, context);
    const base = APP + specifier.slice(2);
    const file = ENDINGS.map((ending) => base + ending).find((f) => existsSync(f) && statSync(f).isFile());
    return nextResolve(file ? pathToFileURL(file).href : specifier, context);
  },
});
