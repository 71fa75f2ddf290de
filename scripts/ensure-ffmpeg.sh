#!/usr/bin/env bash
# The video pipeline (server/features/video/) runs Debian's ffmpeg and ffprobe, never a downloaded
# build (no npm ffmpeg-static). Installs them when missing and we are root; otherwise says what to install.
set -euo pipefail
ffmpeg="${FFMPEG_PATH:-ffmpeg}"
# ffprobe lives beside an explicit ffmpeg, the same rule as server/features/video/ffmpeg-tools.ts.
if [ -n "${FFPROBE_PATH:-}" ]; then
  ffprobe="$FFPROBE_PATH"
elif [[ "$ffmpeg" == */* ]]; then
  ffprobe="$(dirname "$ffmpeg")/ffprobe"
else
  ffprobe=ffprobe
fi
has_ffmpeg() { command -v "$ffmpeg" >/dev/null && command -v "$ffprobe" >/dev/null; }
if has_ffmpeg; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing ffmpeg for video transcoding..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends ffmpeg >/dev/null
  has_ffmpeg && exit 0
fi
echo "视频转码需要 ffmpeg 和 ffprobe：请运行 'sudo apt-get install -y ffmpeg'（或设置 FFMPEG_PATH / FFPROBE_PATH）。" >&2
echo "Video transcoding needs ffmpeg and ffprobe: run 'sudo apt-get install -y ffmpeg' (or set FFMPEG_PATH / FFPROBE_PATH)." >&2
exit 1
