// `npm run start:auth`: the auth service on its own (AUTH_PORT, AUTH_DATABASE_URL or AUTH_DATA_DIR).
import express from "express";
import { pino } from "pino";
import { z } from "zod";
import { connect, disconnect } from "~/db/connection.server";
import { logSerializers } from "../log-serializers.ts";
import { authRouter } from "./http.ts";
import { createAuthService } from "./service.ts";

const parsed = z
  .object({
    AUTH_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
    HOST: z.string().min(1).default("0.0.0.0"),
    AUTH_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional(),
    AUTH_DATA_DIR: z.string().min(1).default("./data/auth"),
    AUTH_TRUSTED_CALLERS: z.string().default(""),
    /** The app's AUTH_SERVICE_KEY: its background jobs may then read who belongs to a project. */
    AUTH_SERVICE_KEY: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
if (!parsed.success) {
  console.error(
    `Invalid configuration:\n${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n")}`,
  );
  process.exit(1);
}
const config = parsed.data;
const log = pino({ level: config.LOG_LEVEL, base: { service: "kuzatuv-auth" }, serializers: logSerializers });

const connection = connect({ databaseUrl: config.AUTH_DATABASE_URL, dataDir: config.AUTH_DATA_DIR });
const service = createAuthService({ connection, serviceKey: config.AUTH_SERVICE_KEY });
await service.migrate();

const app = express();
app.disable("x-powered-by");
app.use("/api/auth", authRouter(service, log, config.AUTH_TRUSTED_CALLERS.split(",").filter(Boolean)));
const server = app.listen(config.AUTH_PORT, config.HOST, () => {
  log.info({ port: config.AUTH_PORT, driver: connection.driver }, "auth service listening on /api/auth");
});

process.on("SIGTERM", () => {
  server.close(async () => {
    await disconnect(connection);
    process.exit(0);
  });
  server.closeIdleConnections();
});
