# One image per console app (the shell or one remote), so each area is deployed and rolled back alone:
#   docker build -f docker/web.Dockerfile --build-arg APP=mf-mines -t backoffice/mf-mines:1.4.0 .
FROM node:20-slim AS build
ARG APP=shell
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile --filter "./${APP}..." && pnpm --filter "./${APP}" run build

FROM node:20-slim
ARG APP=shell
WORKDIR /srv
COPY --from=build /repo/scripts/serve.mjs ./serve.mjs
COPY --from=build /repo/${APP}/dist ./dist
ENV PORT=80
EXPOSE 80
# The shell adds --spa (and usually --proxy for /api) through the compose command.
CMD ["sh", "-c", "node serve.mjs --dir dist --port ${PORT}"]
