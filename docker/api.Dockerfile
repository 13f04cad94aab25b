FROM node:20-slim
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile --filter "./api..."
ENV PORT=3000 HOST=0.0.0.0
EXPOSE 3000
CMD ["pnpm", "-C", "api", "start"]
