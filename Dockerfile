# syntax=docker/dockerfile:1
#
# Trove's image: compiled in a build stage, run from a slim stage that holds only
# dist/, the production node_modules (with packages/, what they link to) and package.json, as uid/gid 10001.
#
#   docker build -t trove:0.1.0 .
#   docker run --rm -p 8080:8080 trove:0.1.0                                 # embedded PGlite in /data
#   docker run --rm --entrypoint node trove:0.1.0 dist/cli.js migrate        # the CLI
#
# The base is pinned by tag. For reproducible builds pin it by digest as well
# (docker buildx imagetools inspect node:22-bookworm-slim), e.g.
#   --build-arg NODE_IMAGE=node:22-bookworm-slim@sha256:<digest>
# and let Renovate or Dependabot move the digest.
#
# Runtime filesystem: the image is meant to run with a read-only root filesystem.
# Trove writes only to TROVE_DATA_DIR=/data (the embedded database, when there is no
# DATABASE_URL) and TROVE_TMP_DIR=/tmp (the embedded database's socket); mount both
# writable (the Helm chart uses emptyDir volumes). No VOLUME is declared, so nothing
# is created implicitly when DATABASE_URL points at PostgreSQL.
#
# PID 1: node itself, without tini. Trove handles SIGTERM (readyz turns 503, requests
# drain for TROVE_SHUTDOWN_GRACE_SECONDS, then it exits) and starts no child processes
# (PGlite runs in-process as WebAssembly), so there are no zombies to reap and no signal
# to forward. For an interactive `docker run -it`, add --init so Ctrl-C reaches it.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: all dependencies, compile TypeScript --------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# packages/no-analytics stands in for swagger-ui-dist's install-time analytics
# (package.json "overrides"): installs, builds and runs contact nobody but the registry.
COPY packages ./packages
# The devDependency `node` (Node 22 for Node-20 hosts) installs a Node binary from the
# npm registry in its install script; here it is only used by `npm run build`, and the
# runtime stage never sees it: it runs the base image's node.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The web console's sources: `npm run build` bundles them into dist/ui.
COPY web ./web
RUN npm run build

# ---- prod-deps: production dependencies only ------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# ---- runtime ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# The source commit, for trove_build_info{revision}: --build-arg TROVE_REVISION=$(git rev-parse --short HEAD).
ARG TROVE_REVISION=unknown
LABEL org.opencontainers.image.title="trove" \
      org.opencontainers.image.description="Self-hosted knowledge retrieval for AI assistants (REST and MCP over PostgreSQL + pgvector)" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.revision="${TROVE_REVISION}"
# TROVE_HOST: outside a container Trove listens on the loopback interface by default;
# in one, the port is only reachable through the container's own interface.
ENV NODE_ENV=production \
    PORT=8080 \
    TROVE_HOST=0.0.0.0 \
    TROVE_DATA_DIR=/data \
    TROVE_TMP_DIR=/tmp \
    TROVE_REVISION=${TROVE_REVISION}
RUN groupadd --gid 10001 trove \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin trove \
 && mkdir -p /data \
 && chown 10001:10001 /data
WORKDIR /app
# Owned by root and read-only to the app user: the process cannot change its own code.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/packages ./packages
COPY --from=build /app/dist ./dist
COPY package.json ./
USER 10001:10001
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/main.js"]
