#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser) and need a CJK font.
# Installs both when missing and we are root; otherwise says what to install.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
# grep -q would close the pipe early and, under pipefail, fail the check: read everything instead.
has_cjk_font() { fc-list 2>/dev/null | grep -iE 'Noto Sans CJK|WenQuanYi' >/dev/null; }
if [ -x "$browser" ] && has_cjk_font; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium and a CJK font for browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends chromium fonts-noto-cjk >/dev/null
  exit 0
fi
echo "Browser tests need Chromium at $browser and a CJK font: run 'sudo apt-get install -y chromium fonts-noto-cjk' (or set CHROMIUM_PATH)." >&2
exit 1
