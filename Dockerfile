# syntax=docker/dockerfile:1
# Отклик: one image for every instance. Build: docker build -t otklik .
# Run alone (embedded mode, data in a volume): docker run -p 3000:3000 -v otklik-data:/data otklik
# At scale: docker compose up (docker-compose.yml: two instances, PostgreSQL, Redis, nginx).

ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Dependencies and the build (widget, web app, server bundle), with dev dependencies.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/widget/package.json apps/widget/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# 2. What runs: the builds, the server's migrations and assets, production dependencies. No sources:
# `npm start` finds every build present and starts the server bundle at once.
FROM ${NODE_IMAGE} AS runtime
# npm runs a script through `sh -c`; Debian's sh (dash) dies of the SIGTERM that npm forwards to it
# and never passes it on, so the server would be killed at the end of the grace period instead of
# draining. bash replaces itself with the script's command: npm's SIGTERM then reaches
# scripts/start.mjs, which passes it to the server, and npm waits for it.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    npm_config_script_shell=/bin/bash \
    npm_config_update_notifier=false
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/assets ./apps/server/assets
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/widget/package.json ./apps/widget/package.json
COPY --from=build /app/apps/widget/dist ./apps/widget/dist
# The image's own user (uid 1000 of the node image), never root; DATA_DIR is the one place it writes.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /api/health answers 200 once the server serves (ARCHITECTURE §2).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches the server through npm and scripts/start.mjs; it drains within SHUTDOWN_TIMEOUT_MS.
CMD ["npm", "start"]
