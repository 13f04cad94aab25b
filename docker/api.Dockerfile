# The current Node LTS (the tests run on it too: scripts/test.mjs).
FROM node:24-slim
# Debian's Chromium: the release gate's smoke load runs in the API (docs/operations.md#the-release-gate).
RUN apt-get update && apt-get install -y --no-install-recommends chromium \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
COPY . .
# Production dependencies only: no dev chain (ganache), Solidity compiler or test tools
# (api/test/api-image.test.ts installs the same way and checks it). `{./api}...` selects the API and
# the workspace packages it uses with their own dependencies (`./api...` left out shared's).
RUN pnpm install --frozen-lockfile --prod --filter "{./api}..." \
  && mkdir -p /data && chown node:node /data
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# Not root: the API needs no privilege (port 3000, its data in /data).
USER node
EXPOSE 3000
# Node itself is PID 1 (not pnpm or tsx's CLI): SIGTERM reaches the API's graceful shutdown.
WORKDIR /repo/api
CMD ["node", "--import", "tsx", "--import", "./src/tracing.ts", "src/server.ts"]
