# syntax=docker/dockerfile:1
# Relatos in production (decision 027, docs/operations.md): a build stage with the dev dependencies
# runs `npm ci && npm run build`; the runtime stage holds only production dependencies, the build
# and the demo library, and runs as the unprivileged `node` user. No secret is baked in: every
# setting comes from the environment at run time. (The test suite cannot build this image: the
# machines it runs on cannot pull base images.)
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# ffmpeg decodes uploaded recordings (content studio, alignment); apertium-eng-spa translates the
# studio's sentences offline (TRANSLATE_APERTIUM=auto, decision 044); ca-certificates for outgoing
# TLS (SMTP, S3, translation and payment services).
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg apertium-eng-spa ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
# npm keeps "devOptional" packages under --omit=dev (better-auth declares vitest, drizzle-kit and
# react as optional peers, which pull in vite, esbuild and tsx); nothing at run time loads them
# (the client and the server-rendering bundle include what they use), so they go.
RUN npm ci --omit=dev --no-audit --no-fund \
  && node -e "const fs = require('node:fs'); for (const [dir, entry] of Object.entries(require('./package-lock.json').packages)) if (entry.devOptional) fs.rmSync(dir, { recursive: true, force: true });" \
  && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/launch.mjs ./scripts/launch.mjs
COPY content/generated ./content/generated
COPY content/packages ./content/packages
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm start` runs it, without npm in between: SIGTERM from `docker stop` reaches the server.
CMD ["node", "scripts/launch.mjs", "server/index"]
