# syntax=docker/dockerfile:1
# Oficina Virtual: one image for every process (API, jobs, migration step); the role is chosen by
# PROCESS_ROLES and the command. docs/DEPLOY.md.

# ---- build: all dependencies, the web app, the compiled server ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/gateway-sandbox/package.json apps/gateway-sandbox/
COPY apps/commercial-reference/package.json apps/commercial-reference/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:server

# ---- runtime dependencies only ----
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/gateway-sandbox/package.json apps/gateway-sandbox/
COPY apps/commercial-reference/package.json apps/commercial-reference/
RUN npm ci --omit=dev --no-audit --no-fund

# ---- runtime: compiled code, migrations, the built web app; no sources, no compilers; not root ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 WEB_DIST=/app/apps/web/dist DATA_DIR=/app/.data STORAGE=postgres
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/api/drizzle ./apps/api/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/gateway-sandbox/dist ./apps/gateway-sandbox/dist
# Files live in PostgreSQL (STORAGE); .data only holds what one process keeps for itself.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
