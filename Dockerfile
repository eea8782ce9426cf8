# Kuzatuv: build with every dependency, run with production ones only, as a non-root user.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
# The MALLOC_ settings and the V8 flags below keep the server's memory down under load (ADR 039, ADR 053).
# ROLE: all serves pages and runs background work; on PostgreSQL run this image with ROLE=web (pages, queueing)
# and ROLE=worker (fetching, imports, alerts, reports; /healthz and /readyz only) instead (README, ADR 048).
ENV NODE_ENV=production \
    ROLE=all \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Reports are printed to PDF by Debian's Chromium (playwright-core drives it); DejaVu has Cyrillic and Uzbek letters.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server ./server
# server/main.ts runs from source and loads the bundle; PGlite's worker thread runs app/db/pglite-thread.worker.ts
# from source (ADR 040), and the standalone auth service (server/auth-service/main.ts) imports app modules.
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/drizzle ./drizzle
# Alert e-mails (written by jobs, outside the app bundle) read their texts from here.
COPY --from=build --chown=node:node /app/locales ./locales
USER node
# The embedded database (PGlite) and its files live here unless DATABASE_URL points at PostgreSQL.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrations run at start; SESSION_SECRET must be set (NODE_ENV=production). The same command for every ROLE.
CMD ["node", "--import=./server/app-paths.ts", "--max-semi-space-size=8", "--heap-growing-percent=50", "--wasm-num-compilation-tasks=1", "server/main.ts"]
