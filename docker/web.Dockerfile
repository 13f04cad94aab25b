# One image per console app: the shell (static server + /api proxy), or one remote (a release of it).
#   docker build -f docker/web.Dockerfile --build-arg APP=mf-mines --build-arg MF_BUILD_VERSION=1.4.0 \
#     --build-arg GIT_COMMIT=$(git rev-parse --short=12 HEAD) -t backoffice/mf-mines:1.4.0 .
# Each container publishes the build it carries into the shared releases volume (/srv/releases/<app
# folder>/<version>/) through the API's release gate (`scripts/deploy.mjs --publish-only`: what is live
# does not change; the API runs the smoke load, in the Chromium of its own image). The
# shell then serves the console (the live shell release, and every area's under /remotes/); a remote
# serves its build on its own port for its health check. Which version is live is the API's:
# `node scripts/deploy.mjs` / `rollback.mjs` / `releases.mjs` in the shell container.
FROM node:24-slim AS build
ARG APP=shell
ARG MF_BUILD_VERSION=
ARG GIT_COMMIT=unknown
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile --filter "{./${APP}}..." --filter ./scripts/serve --filter ./scripts/release \
  && MF_BUILD_VERSION="${MF_BUILD_VERSION}" GIT_COMMIT="${GIT_COMMIT}" pnpm --filter "./${APP}" run build \
  && pnpm --filter @backoffice/serve deploy --prod --legacy /out/scripts/serve \
  && pnpm --filter @backoffice/release deploy --prod --legacy /out/scripts/release \
  && cp scripts/serve.mjs scripts/deploy.mjs scripts/rollback.mjs scripts/releases.mjs /out/scripts/ \
  && mkdir -p /out/scripts/areas && cp scripts/areas/manifest.mjs /out/scripts/areas/ && cp areas.json /out/ \
  && cp -r "${APP}/dist" /out/build

FROM node:24-slim
ARG APP=shell
ENV APP=${APP} PORT=8080 RELEASES_DIR=/srv/releases
WORKDIR /srv
COPY --from=build --chown=node:node /out ./
# Not root. The releases volume takes this folder's owner the first time it is mounted.
USER node
EXPOSE 8080
# The shell: serve the console (compose adds --proxy and --releases), then publish its own build once
# the API answers through it. A remote: publish its build (the shell is up first), then serve it.
CMD ["sh", "-c", "if [ \"$APP\" = shell ]; then (until node scripts/deploy.mjs shell --from build --publish-only; do sleep 5; done) & exec node scripts/serve.mjs --dir build --port \"$PORT\" --spa $SERVE_ARGS; else node scripts/deploy.mjs \"$APP\" --from build --publish-only && exec node scripts/serve.mjs --dir build --port \"$PORT\"; fi"]
