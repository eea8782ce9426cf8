import { pino } from "pino";
import { fromEnv } from "./env.server.ts";

export const log = fromEnv((env) => pino({ level: env.LOG_LEVEL, base: { service: "kuzatuv" } }));
