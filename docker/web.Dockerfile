# One image per console app: the shell (static server + /api proxy), or one remote (a release of it).
#   docker build -f docker/web.Dockerfile --build-arg APP=mf-mines --build-arg MF_BUILD_VERSION=1.4.0 \
#     --build-arg GIT_COMMIT=$(git rev-parse --short=12 HEAD) -t backoffice/mf-mines:1.4.0 .
# A remote's container publishes the build it carries into the shared releases volume
# (/srv/releases/<area>/<version>/, which the shell serves as /remotes/) and then serves it on its own
# port for its health check. Which version the console loads is the registry's choice
# (/srv/releases/remotes.json): `node scripts/deploy.mjs` / `rollback.mjs` in the shell container.
FROM node:20-slim AS build
ARG APP=shell
ARG MF_BUILD_VERSION=
ARG GIT_COMMIT=unknown
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile --filter "./${APP}..." --filter ./scripts/serve \
  && MF_BUILD_VERSION="${MF_BUILD_VERSION}" GIT_COMMIT="${GIT_COMMIT}" pnpm --filter "./${APP}" run build \
  && pnpm --filter @backoffice/serve deploy --prod --legacy /out/scripts/serve \
  && cp scripts/serve.mjs scripts/release.mjs scripts/deploy.mjs scripts/rollback.mjs /out/scripts/ \
  && mkdir -p /out/deploy /out/releases && cp deploy/remotes.json /out/deploy/ \
  && cp -r "${APP}/dist" /out/build

FROM node:20-slim
ARG APP=shell
ENV APP=${APP} PORT=8080 RELEASES_DIR=/srv/releases REMOTES_REGISTRY=/srv/releases/remotes.json
WORKDIR /srv
COPY --from=build --chown=node:node /out ./
# Not root. The releases volume takes this folder's owner the first time it is mounted.
USER node
EXPOSE 8080
# The shell: start from deploy/remotes.json when the volume has no registry yet, then serve the
# console with /remotes/ from the releases and /api proxied (compose adds --proxy).
# A remote: publish its release (no registry change), then serve its build.
CMD ["sh", "-c", "if [ \"$APP\" = shell ]; then [ -f \"$REMOTES_REGISTRY\" ] || cp deploy/remotes.json \"$REMOTES_REGISTRY\"; exec node scripts/serve.mjs --dir build --port \"$PORT\" --spa --mount /remotes=\"$RELEASES_DIR\" $SERVE_ARGS; else node scripts/deploy.mjs \"$APP\" --from build --publish-only && exec node scripts/serve.mjs --dir build --port \"$PORT\"; fi"]
