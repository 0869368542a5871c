# syntax=docker/dockerfile:1
# Build stage: compiles better-sqlite3 from source and transpiles the TypeScript sources (build.mjs, esbuild).
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json build.mjs ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

# Runtime stage: no compiler, no dev dependencies, no system fonts (the renderer uses assets/fonts).
FROM node:20-bookworm-slim
# METRICS_PORT: the /health and /metrics listener is on in the image, bound to 127.0.0.1 inside the
# container (METRICS_HOST), so the HEALTHCHECK below can ask it and nothing outside the container can.
# For Prometheus in another container set METRICS_HOST=0.0.0.0 and publish or network the port; an empty
# METRICS_PORT turns the listener off (the health check then has nothing to ask and passes).
ENV NODE_ENV=production \
    DATABASE_PATH=/data/bazaar.db \
    LOG_FORMAT=json \
    METRICS_PORT=9464
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
COPY assets ./assets
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# Healthy when the gateway is connected and the database answers (GET /health; node itself asks, the
# image has no curl). The start period covers the login.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["node", "dist/src/healthcheck.js"]
CMD ["node", "dist/src/main.js"]
