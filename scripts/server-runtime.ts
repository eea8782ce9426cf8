// How the server's Node process is started: by `npm start`, the container image and the bench alike
// (ADR 039). package.json's start script and the Dockerfile repeat these; tests/unit/server-runtime.test.ts
// keeps the three in step.

/** V8's young generation capped at 16 MB a half instead of 32: ~95 MB less memory under load, ~5 % more CPU. */
export const SERVER_NODE_ARGS = ["--max-semi-space-size=16", "--heap-growing-percent=100", "server/main.ts"];

/** glibc's allocator with two arenas instead of eight per core: ~70 MB less for the compression threads' buffers. */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
