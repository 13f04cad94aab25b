FROM node:20-slim
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile --filter "./api..." \
  && mkdir -p /data && chown node:node /data
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# Not root: the API needs no privilege (port 3000, its data in /data).
USER node
EXPOSE 3000
CMD ["pnpm", "-C", "api", "start"]
