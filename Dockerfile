# syntax=docker/dockerfile:1
# Same steps as `npm install && npm start`: install (better-sqlite3 compiles, Prisma client is
# generated), build the client, then at start migrate, seed when empty and serve.

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g npm@11
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY server/lib/database-url.ts ./server/lib/database-url.ts
RUN npm install
COPY . .
RUN npx vite build

FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g npm@11
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:/data/portal.db \
    UPLOAD_DIR=/app/uploads \
    BACKUP_DIR=/backups \
    # The development SMS provider logs codes; replace with SMS_PROVIDER=http + SMS_HTTP_URL in production.
    SMS_PROVIDER=dev
COPY --from=build /app /app
RUN mkdir -p /data /app/uploads /backups
VOLUME ["/data", "/app/uploads", "/backups"]
EXPOSE 3000
# /readyz: database reachable, migrations applied, room for uploads; the first start migrates and seeds.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["npm", "start"]
