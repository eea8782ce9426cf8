import { pino } from "pino";
import { getConfig } from "../../server/config.ts";

export const log = pino({ level: getConfig().LOG_LEVEL, base: { service: "kuzatuv" } });
