# syntax=docker/dockerfile:1
# Gearhouse: one image, any number of nodes (see README, "Production"). Build: docker build -t gearhouse .

# Production dependencies only. better-sqlite3 compiles from source when no prebuilt binary fits
# (Node 20 here), which needs python3, make and g++: the full image has them, the slim one does not.
# sharp needs nothing: its linux-x64 build (@img/sharp-linux-x64, with libvips) is in the lockfile.
# The result is copied into the slim runtime below; both images are Debian bookworm, so the same glibc.
FROM node:20-bookworm AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# The web app (Vite) and the server bundle (esbuild, dependencies left external) into dist/.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The nginx of deploy/docker-compose.yml, with the build's files it sends itself (/assets/, see
# deploy/nginx.compose.conf): those of the same build as the nodes. Built by compose with
# `target: proxy`; the image `docker build` makes by default is still the runtime below.
FROM nginx:1.27-bookworm AS proxy
COPY --from=build /app/dist/web /srv/gearhouse/dist/web

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2
# The server finds the web app at dist/web relative to its working directory.
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
# dist/server holds the server bundle and, in dist/server/pictures, the demo pictures the seed copies.
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
# Code stays root-owned and read-only to the server; only the data folder (SQLite, outbox, local
# uploads when S3 is not used) belongs to the unprivileged `node` user the server runs as.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness only (no dependency asked): an orchestrator restarts a node that stopped answering, not
# every node when the database is down. Route traffic by /api/ready instead. The slim image has no
# curl, so Node asks.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
