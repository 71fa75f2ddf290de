# syntax=docker/dockerfile:1
# The production image, built with the same steps as README.md "Deploy to production":
#   npm ci → npm run build (client + compiled server) → npm prune --omit=dev → node dist/app/start.js
# At start the server migrates the database, and on an empty one logs a one-time admin setup link.
#   docker build -t mingshi-portal .
#   docker run -d --name portal -p 127.0.0.1:3000:3000 --env-file .env \
#     -v portal-data:/data -v portal-uploads:/app/uploads -v portal-backups:/backups mingshi-portal
#   docker exec portal npm run admin -- setup-link      # likewise backup, restore, seed, db:migrate
# The data paths below are the image's volumes; .env.example leaves them unset so --env-file keeps them.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# Installing runs `prisma generate`, which needs the schema and its config first.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY server/lib/database-url.ts ./server/lib/database-url.ts
RUN npm ci
COPY . .
RUN npm run build \
 && npm prune --omit=dev

FROM node:24-bookworm-slim
# tini reaps children (the migration step) and forwards SIGTERM so shutdown flushes page views.
# ffmpeg (Debian's) transcodes uploaded videos into HLS in the job worker (server/features/video).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini ffmpeg \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:/data/portal.db \
    UPLOAD_DIR=/app/uploads \
    BACKUP_DIR=/backups
COPY --from=build --chown=node:node /app/package.json /app/prisma.config.ts ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/server/lib/database-url.ts ./server/lib/database-url.ts
COPY --from=build --chown=node:node /app/dist ./dist
# `npm run <command>` runs the compiled dist/app/<command>.js when tsx is absent (scripts/run.mjs).
COPY --from=build --chown=node:node /app/scripts/run.mjs /app/scripts/commands.json ./scripts/
COPY --from=build --chown=node:node /app/client/dist ./client/dist
# Demo content, imported only when SEED_DEMO=1 (never the demo accounts in production).
COPY --from=build --chown=node:node /app/seed/data ./seed/data
# Owner-only: the database, its generated secret and the backups hold members' data.
RUN mkdir -p /data /app/uploads /backups && chown node:node /data /app/uploads /backups && chmod 700 /data /backups
USER node
VOLUME ["/data", "/app/uploads", "/backups"]
EXPOSE 3000
# /readyz: database reachable, migrations applied, room for uploads. The first start migrates.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/app/start.js"]
