#!/usr/bin/env bash
# Browser tests drive the system Chromium (Debian package `chromium`): test tools cannot download a
# browser on this network. Install it when we can (root with apt), otherwise say how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium не найден: устанавливаю пакет chromium через apt-get…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Для браузерных тестов нужен Chromium в $CHROMIUM." >&2
echo "Установите его: sudo apt-get update && sudo apt-get install -y chromium" >&2
echo "или укажите путь к браузеру в переменной CHROMIUM_PATH." >&2
exit 1
