#!/usr/bin/env bash
# Runs a command as on a fresh Linux machine with no browser: inside a private mount namespace, the system's
# Chromium and the NSS/NSPR libraries it needs are hidden (bind-mounted over with /dev/null), so a test that
# leans on them fails here instead of on a user's machine. Needs root (unshare -m); CI runs `npm test` in it.
# Usage: test/hermetic/without-system-browser.sh <command> [args…]
set -euo pipefail
if [ "${VET_SIM_IN_HIDING_NS:-}" != 1 ]; then
  exec env VET_SIM_IN_HIDING_NS=1 unshare -m --propagation private "$0" "$@"
fi
hidden=0
for f in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/lib/chromium \
  /usr/lib/*-linux-gnu/libnss3* /usr/lib/*-linux-gnu/libnspr4* /usr/lib/*-linux-gnu/libnssutil3* \
  /usr/lib/*-linux-gnu/libsmime3* /usr/lib/*-linux-gnu/libplc4* /usr/lib/*-linux-gnu/libplds4*; do
  [ -e "$f" ] || continue
  if [ -d "$f" ]; then mount -t tmpfs none "$f"; else mount --bind /dev/null "$f"; fi
  hidden=$((hidden + 1))
done
echo "== system browser and NSS libraries hidden ($hidden paths): the tests must bring their own"
exec "$@"
