# The headless simulator (`npm run serve`) as a container image: docs/container.md.
#   docker build -t vet-consult-simulator .          (podman: add --format docker to keep the HEALTHCHECK)
#   docker run --rm -p 127.0.0.1:4010:4010 -v vet-sim-data:/data vet-consult-simulator

# --- build: every dependency, then the same build as `npm run build` ------------------------------------
FROM node:24-bookworm-slim AS build
WORKDIR /src
# No Electron runtime download: the image runs the headless server only. CI=true also keeps the
# package's own postinstall from fetching it, should scripts ever run.
ENV CI=true VET_SIM_SKIP_ELECTRON_FETCH=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json ./
# --ignore-scripts: the package's postinstall would run build-if-stale (a second build before the one
# below) and the Electron prefetch; no dependency needs an install script to build.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY electron.vite.config.ts tsconfig.json tsconfig.api.json ./
COPY scripts scripts
COPY resources resources
COPY src-shared src-shared
COPY src-renderer src-renderer
COPY src-main src-main
RUN npm run build

# --- production dependencies only (this stage caches on the lock file alone) -----------------------------
FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV CI=true VET_SIM_SKIP_ELECTRON_FETCH=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json ./
# The server bundles its dependencies into out/main except sql.js, which it loads at run time as
# dist/sql-wasm.js + dist/sql-wasm.wasm (src-main/core/db/sqljs.ts). sql.js ships 29 MB of other
# builds (asm.js, debug, browser, worker, zips) that nothing here loads: they go.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && find node_modules/sql.js/dist -type f ! -name sql-wasm.js ! -name sql-wasm.wasm -delete \
 && test -f node_modules/sql.js/dist/sql-wasm.wasm

# --- the image: production dependencies + the server's build + resources/ + scripts/ ---------------------
FROM node:24-bookworm-slim
LABEL org.opencontainers.image.title="Vet Consult Simulator" \
      org.opencontainers.image.description="Local, stateful simulator of the veterinary tele-consult partner API (headless server)"
# 0.0.0.0: the partner API is reachable through a published port. The control API still answers loopback
# clients only (inside the container: the HEALTHCHECK) or, with VET_SIM_CONTROL_TOKEN set, holders of the
# token (Authorization: Bearer …) from anywhere; the UI answers loopback clients only.
ENV NODE_ENV=production VET_SIM_HOST=0.0.0.0 VET_SIM_PORT=4010 VET_SIM_DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only for the server's user: it writes only to /data (and to /tmp, Node's compile cache).
COPY --from=deps /app/node_modules node_modules
# out/main is the server, out/renderer the tester UI it serves; out/preload and out/types belong to the
# desktop app and the npm package.
COPY --from=build /src/out/main out/main
COPY --from=build /src/out/renderer out/renderer
COPY package.json ./
COPY resources resources
COPY scripts scripts
# The volume's mount point exists, owned by node, before VOLUME: a new named volume copies that
# ownership, so the server (not root) can write its database there.
RUN mkdir /data && chown 1000:1000 /data
VOLUME /data
# uid:gid of the base image's user `node`, numeric so that runtimes can check "not root" (runAsNonRoot).
USER 1000:1000
EXPOSE 4010
# The server saves its state and exits 0 on SIGTERM (as on SIGINT and SIGHUP).
STOPSIGNAL SIGTERM
# The health route is part of the control API, which answers loopback: the check runs inside the
# container. Node's own fetch, as the slim base has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.VET_SIM_PORT||4010)+'/__sim/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form with node itself (the flags of `npm run serve`): node is PID 1 and receives SIGTERM directly.
# Through npm or a shell the signal would stop at the wrapper, and the state would not be saved. No
# entrypoint script either (the official base has one that execs its arguments): the same PID 1 on any
# base. Flags are set through their environment variables (VET_SIM_CONTROL_TOKEN, VET_SIM_SEED, …).
ENTRYPOINT []
CMD ["node", "--max-semi-space-size=4", "--v8-pool-size=2", "out/main/cli.js"]
