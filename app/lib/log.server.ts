import { pino } from "pino";
import { fromEnv } from "./env.server.ts";
import { logSerializers } from "./log-serializers.ts";

export const log = fromEnv((env) =>
  pino({ level: env.LOG_LEVEL, base: { service: "kuzatuv" }, serializers: logSerializers }),
);
