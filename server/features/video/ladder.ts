// Which renditions a source gets. Never upscaled: a rung is kept only when the source is at least as
// large, so a 640x360 upload streams as 360p alone.

export type LadderRung = {
  /** The quality menu's name: the short side plus "p", as players label portrait video too. */
  label: string
  width: number
  height: number
  /** kbit/s. */
  videoBitrate: number
  audioBitrate: number
}

// Short side → bit rates for H.264 at web quality: about Apple's HLS authoring guide, a little lower.
const RUNGS = [
  { size: 360, videoBitrate: 800, audioBitrate: 96 },
  { size: 540, videoBitrate: 1400, audioBitrate: 96 },
  { size: 720, videoBitrate: 2800, audioBitrate: 128 },
  { size: 1080, videoBitrate: 5000, audioBitrate: 128 },
]
const MIN_VIDEO_BITRATE = 200

/** The renditions for a source of `width` x `height` as displayed, smallest first. */
export function chooseLadder(width: number, height: number): LadderRung[] {
  const isPortrait = height > width
  const shortSide = Math.min(width, height)
  const longSide = Math.max(width, height)
  const rungs = RUNGS.filter((rung) => rung.size <= shortSide)
  // Smaller than the lowest rung: one rung at the source's own size, its bit rate shrunk with its area.
  if (!rungs.length) {
    const size = Math.max(2, floorEven(shortSide))
    const share = (size / RUNGS[0].size) ** 2
    const videoBitrate = Math.max(MIN_VIDEO_BITRATE, Math.round(RUNGS[0].videoBitrate * share))
    rungs.push({ size, videoBitrate, audioBitrate: RUNGS[0].audioBitrate })
  }
  return rungs.map(({ size, videoBitrate, audioBitrate }) => {
    // Capped so rounding never adds a pixel column the source does not have (1281x720 → 1280).
    const otherSide = Math.max(2, Math.min(roundEven((size * longSide) / shortSide), floorEven(longSide)))
    const [rungWidth, rungHeight] = isPortrait ? [size, otherSide] : [otherSide, size]
    return { label: `${size}p`, width: rungWidth, height: rungHeight, videoBitrate, audioBitrate }
  })
}

// H.264 in 4:2:0 needs even dimensions.
const roundEven = (n: number) => Math.round(n / 2) * 2
const floorEven = (n: number) => Math.floor(n / 2) * 2
