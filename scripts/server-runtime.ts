// How the server's Node process is started: by `npm start`, the container image and the bench alike
// (ADR 039, ADR 053). package.json's start script and the Dockerfile repeat these; tests/unit/server-runtime.test.ts
// keeps the three in step.

/**
 * V8's young generation capped at 8 MB a half (16 by ADR 039, 32 by default), old space collected once it has grown
 * by half its live size (ADR 039 allowed 100 %), and PGlite's WebAssembly optimized one function at a time: each of
 * these V8 flags holds for the database's thread too (ADR 053).
 */
/** Node resolves `~/` (app/) through this hook, in every process that runs app code from its sources. */
export const APP_PATHS = "--import=./server/app-paths.ts";

export const SERVER_NODE_ARGS = [
  APP_PATHS,
  "--max-semi-space-size=8",
  "--heap-growing-percent=50",
  "--wasm-num-compilation-tasks=1",
  "server/main.ts",
];

/**
 * glibc's allocator with two arenas instead of eight per core (ADR 039), and its trim threshold fixed: otherwise
 * the WebAssembly compiler's large blocks raise it to 64 MB, which each arena then keeps when free (ADR 053).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072" };
