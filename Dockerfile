# syntax=docker/dockerfile:1
# The Tidewatch server with the built site and portal inside (docs/operations.md).
#   docker build -t tidewatch .
#   docker run -p 3000:3000 -e PUBLIC_URL=http://localhost:3000 tidewatch      (demo, embedded database)

FROM node:20.20-bookworm-slim AS build
# This registry publishes no corepack signatures; the version comes from package.json. The build
# photographs the portal for the site with Debian's Chromium, and must not fall back to old pictures.
ENV COREPACK_INTEGRITY_KEYS=0 COREPACK_ENABLE_DOWNLOAD_PROMPT=0 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
  SCREENSHOTS_REQUIRED=1
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation \
  && rm -rf /var/lib/apt/lists/*
RUN corepack enable
WORKDIR /src
# Dependencies first, from the lockfile alone, so a source change reuses this layer.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY patches ./patches
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline && pnpm build
# The server bundles our workspace packages; this keeps only its production dependencies.
RUN pnpm --filter @tidewatch/server deploy --prod --legacy /out/server

FROM node:20.20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# Paths are taken from /app, two levels above server/dist: site/dist and portal/dist sit beside it.
COPY --from=build /out/server /app/server
COPY --from=build /src/site/dist /app/site/dist
COPY --from=build /src/portal/dist /app/portal/dist
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/server.js"]
