// Colours of the 3D tag cloud. Tags further back are drawn paler, as the eye expects of distance,
// but never paler than WCAG AA allows on the white card (4.5:1): each colour fades toward white
// only as far as its own darkness leaves room for.

/** Each reads at 4.5:1 or more on white when nearest (depth 1). */
export const TAG_COLORS = ['#b8261f', '#8c6420', '#1f5fbf', '#256b4d', '#6a3599', '#a8451a', '#1f2430', '#0b6570']

/** A little above 4.5:1, so rounding in the browser or the checker never tips a tag under it. */
export const MIN_CONTRAST = 4.6

type Rgb = [number, number, number]

const parseHex = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb

/** WCAG 2 relative luminance of an sRGB colour (channels 0-255). */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export const contrastOnWhite = (rgb: Rgb) => 1.05 / (luminance(rgb) + 0.05)

const towardWhite = (rgb: Rgb, amount: number): Rgb => rgb.map((channel) => Math.round(channel + (255 - channel) * amount)) as Rgb

/** The largest fade toward white (0-1) that keeps `rgb` at MIN_CONTRAST on white. */
function fadeRoom(rgb: Rgb): number {
  let low = 0
  let high = 1
  for (let step = 0; step < 20; step++) {
    const mid = (low + high) / 2
    if (contrastOnWhite(towardWhite(rgb, mid)) >= MIN_CONTRAST) low = mid
    else high = mid
  }
  return low
}

const PALETTE = TAG_COLORS.map((hex) => {
  const rgb = parseHex(hex)
  return { rgb, room: fadeRoom(rgb) }
})

/** The colour of tag `index` at `depth` (0 at the back of the sphere, 1 at the front), as CSS rgb(). */
export function tagColor(index: number, depth: number): string {
  const { rgb, room } = PALETTE[index % PALETTE.length]
  const [r, g, b] = towardWhite(rgb, room * (1 - Math.min(1, Math.max(0, depth))))
  return `rgb(${r}, ${g}, ${b})`
}
