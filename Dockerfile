# syntax=docker/dockerfile:1
# Multi-stage build of the site: build with every dependency, run with production ones only.
# Built and run by `npm run test:container` (podman) in CI: see docs/operations.md "Containers".
# Behind a TLS-inspecting proxy, hand npm its CA bundle as a build secret (never a layer):
#   podman build --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt -t organic-waste-site .

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --no-audit --no-fund --fetch-retries=2 --fetch-timeout=60000
COPY . .
# The empty database the first start copies is made as root with PostgreSQL's 0700 folders: the
# server runs as `node`, so it must be able to read it.
RUN npm run build && chmod -R a+rX build/database build/database-demo

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --omit=dev --no-audit --no-fund --fetch-retries=2 --fetch-timeout=60000 \
 && npm cache clean --force \
 # TypeScript arrives as @react-router/node's optional peer; nothing in the image compiles.
 && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server/db/migrations ./server/db/migrations
COPY package.json ./
# V8's compile cache of the server bundle (scripts/build-server.mjs): written by the first start.
RUN mkdir -p /data build/server-app/.compile-cache \
 && chown node:node /data build/server-app/.compile-cache
USER node
# The embedded database (and the .eml mail folder without SMTP_URL); unused with DATABASE_URL.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server drains on SIGTERM (readiness fails first, see SHUTDOWN_DELAY_SECONDS), then exits 0.
STOPSIGNAL SIGTERM
# start.js runs main.js under node's flags and allocator settings of scripts/node-flags.mjs (it
# becomes that process: same pid, signals and output).
CMD ["node", "build/server-app/start.js"]
