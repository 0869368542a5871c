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
ENV NODE_ENV=production \
    DATABASE_PATH=/data/bazaar.db \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
COPY assets ./assets
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
CMD ["node", "dist/src/main.js"]
