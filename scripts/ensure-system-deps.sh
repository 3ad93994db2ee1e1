#!/usr/bin/env bash
# Installs the Debian packages the test suites need, only when they are missing:
# postgresql (the DATABASE_URL server tests), chromium (the real-browser tests) and nginx (the
# load balancer in front of several instances). Idempotent: a machine that has them all does
# nothing and needs no network.
set -euo pipefail

missing=()
if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
  missing+=(postgresql)
fi
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  missing+=(chromium)
fi

# Debian's nginx binary is in /usr/sbin, which a non-root PATH may not include.
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  missing+=(nginx)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-system-deps: missing ${missing[*]} and no apt-get here; install them by hand." >&2
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "ensure-system-deps: missing ${missing[*]}; run as root or install sudo." >&2
  exit 0
fi

echo "ensure-system-deps: installing ${missing[*]}"
"${sudo[@]}" apt-get update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
