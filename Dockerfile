# syntax=docker/dockerfile:1
# The Tidewatch server with the built site and portal inside (docs/operations.md).
#   docker build --build-arg NODE_DIGEST=… -t tidewatch .      (the digest: docs/operations.md)
#   docker run -p 3000:3000 -e PUBLIC_URL=http://localhost:3000 tidewatch      (demo, embedded database)

# The base image by digest, so a rebuild starts from the same bytes and a new base is a reviewed
# change: the sha256 hex of node:24.21-bookworm-slim's index (without "sha256:"). No default: it
# is looked up where the registry can be reached and kept with the release (docs/operations.md).
ARG NODE_DIGEST

FROM node:24.21-bookworm-slim@sha256:${NODE_DIGEST} AS build
# The digest, not the tag, picks the image (both stages): stop unless it runs the major .nvmrc names.
COPY .nvmrc /tmp/.nvmrc
RUN test "$(node -p 'process.versions.node.split(".")[0]')" = "$(cat /tmp/.nvmrc)"
# This registry publishes no corepack signatures; the version comes from package.json. The release
# build photographs the portal for the site with Debian's Chromium, and must not fall back to old pictures.
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
RUN pnpm install --frozen-lockfile --offline && pnpm build:release
# The server bundles our workspace packages; this keeps only its production dependencies.
RUN pnpm --filter @tidewatch/server deploy --prod --legacy /out/server

FROM node:24.21-bookworm-slim@sha256:${NODE_DIGEST} AS runtime
# What the image says of itself (OCI labels): the release's version, commit and build time.
ARG NODE_DIGEST VERSION REVISION CREATED
LABEL org.opencontainers.image.title="Tidewatch" \
  org.opencontainers.image.description="The Tidewatch server with its site and portal" \
  org.opencontainers.image.version="${VERSION}" \
  org.opencontainers.image.revision="${REVISION}" \
  org.opencontainers.image.created="${CREATED}" \
  org.opencontainers.image.base.name="docker.io/library/node:24.21-bookworm-slim" \
  org.opencontainers.image.base.digest="sha256:${NODE_DIGEST}"
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
