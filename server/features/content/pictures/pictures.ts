// Seed pictures: portraits, covers, banners, logos and a QR-like code, drawn from a seed string
// so every slug gets its own stable picture. Palettes are tuned per theme (economy blue,
// party red...) so lists look coherent rather than random.
import { hex, mix, Raster, seededRandom, type Rgb } from './raster'

export type Palette = { from: string; to: string; accent: string }

export const palettes: Record<string, Palette[]> = {
  blue: [
    { from: '#0f3d6e', to: '#3d8fd1', accent: '#9fd3ff' },
    { from: '#12355b', to: '#2f7fb8', accent: '#f2c66d' },
    { from: '#1b4f72', to: '#48a9c5', accent: '#d6f1ff' },
  ],
  indigo: [
    { from: '#2b2d6e', to: '#6c63c7', accent: '#c9c3ff' },
    { from: '#33245e', to: '#8a5cc2', accent: '#f5d38a' },
    { from: '#1f2a5c', to: '#5a6fd8', accent: '#b8e0ff' },
  ],
  cyan: [
    { from: '#053b4a', to: '#1fa2a8', accent: '#9ff3e6' },
    { from: '#0a2f52', to: '#16a3c9', accent: '#c5f6ff' },
    { from: '#0b3a3a', to: '#36b37e', accent: '#d8ffd0' },
  ],
  warm: [
    { from: '#6b2c1a', to: '#c8793a', accent: '#ffe2b0' },
    { from: '#5a2331', to: '#b85a4f', accent: '#f7d9a8' },
    { from: '#4a3520', to: '#b08a4e', accent: '#fff1cc' },
  ],
  red: [
    { from: '#7a0f12', to: '#c9302c', accent: '#ffd27a' },
    { from: '#8c1a10', to: '#d9482b', accent: '#ffe3a3' },
    { from: '#6e0d1f', to: '#b8283a', accent: '#f9cf7d' },
  ],
  green: [
    { from: '#173f2c', to: '#3f9a5f', accent: '#d4f5c4' },
    { from: '#1d4733', to: '#5aa469', accent: '#fff0b8' },
  ],
}
export const paletteNames = Object.keys(palettes)

function pickPalette(name: string | undefined, random: () => number): Palette {
  const list = palettes[name ?? ''] ?? palettes[paletteNames[Math.floor(random() * paletteNames.length)]]
  return list[Math.floor(random() * list.length)]
}

/** Head-and-shoulders silhouette on a soft gradient, 3:4. */
export function drawPortrait(seed: string, theme?: string, width = 300, height = 400): Buffer {
  const random = seededRandom(`portrait:${seed}`)
  const p = pickPalette(theme, random)
  const from = hex(p.from)
  const to = hex(p.to)
  const light = mix(hex(p.accent), [255, 255, 255], 0.55)
  const r = new Raster(width, height)
  const s = width / 300
  r.linearGradient([mix(to, [255, 255, 255], 0.35), to, from], Math.PI / 2 + (random() - 0.5) * 0.6)
  r.glow(width * (0.3 + random() * 0.4), height * 0.32, width * 0.75, light, 0.45)
  r.ring(width * (random() < 0.5 ? 0.12 : 0.88), height * 0.12, 60 * s, 10 * s, light, 0.12)
  const cx = width / 2 + (random() - 0.5) * 16 * s
  const silhouette = mix(light, to, 0.12)
  const suit = mix(from, [20, 24, 36], 0.35)
  // Neck, shoulders, the collar opening and the head, back to front.
  r.roundRect(cx - 31 * s, 225 * s, 62 * s, 90 * s, 24 * s, mix(silhouette, from, 0.12), 1)
  r.ellipse(cx, 450 * s, 168 * s, 150 * s, suit, 0.95)
  r.polygon(
    [
      [cx - 32 * s, 300 * s],
      [cx + 32 * s, 300 * s],
      [cx, 356 * s],
    ],
    silhouette,
    0.95,
  )
  r.ellipse(cx, 178 * s, 61 * s, 73 * s, silhouette, 1)
  r.vignette(0.28)
  return r.toPng()
}

type Pattern = (r: Raster, p: { from: Rgb; to: Rgb; accent: Rgb }, random: () => number) => void

const patterns: Pattern[] = [
  // Concentric rings rising from a corner.
  (r, p, random) => {
    const cx = r.width * (random() < 0.5 ? 0.15 : 0.85)
    const cy = r.height * (0.7 + random() * 0.3)
    for (let i = 1; i <= 7; i++) r.ring(cx, cy, i * r.height * 0.16, r.height * 0.012 + 1, p.accent, 0.28 - i * 0.025)
    r.circle(cx, cy, r.height * 0.1, p.accent, 0.35)
  },
  // Diagonal light bands.
  (r, p, random) => {
    r.stripes(-0.9 + random() * 0.3, r.height * 0.22, r.height * 0.05, p.accent, 0.1)
    r.polygon(
      [
        [r.width * 0.55, 0],
        [r.width, 0],
        [r.width, r.height],
        [r.width * 0.3, r.height],
      ],
      p.accent,
      0.12,
    )
  },
  // Floating bubbles of different sizes.
  (r, p, random) => {
    for (let i = 0; i < 9; i++) {
      const rad = r.height * (0.04 + random() * 0.2)
      r.circle(random() * r.width, random() * r.height, rad, i % 3 === 0 ? p.accent : [255, 255, 255], 0.08 + random() * 0.14)
    }
  },
  // Layered hills.
  (r, p, random) => {
    for (let layer = 0; layer < 3; layer++) {
      const base = r.height * (0.55 + layer * 0.14)
      const amp = r.height * (0.1 - layer * 0.02)
      const freq = (1.5 + random() * 1.5) / r.width
      const phase = random() * 6
      r.fillBelow((x) => base + amp * Math.sin(x * freq * Math.PI * 2 + phase), mix(p.accent, p.from, layer * 0.3), 0.18 + layer * 0.12)
    }
    r.circle(r.width * (0.65 + random() * 0.2), r.height * 0.3, r.height * 0.12, p.accent, 0.55)
  },
  // Dot grid beside a large disc.
  (r, p, random) => {
    const gap = r.height * 0.075
    const x0 = random() < 0.5 ? r.width * 0.06 : r.width * 0.62
    for (let gy = 0; gy < 6; gy++)
      for (let gx = 0; gx < 6; gx++) r.circle(x0 + gx * gap, r.height * 0.18 + gy * gap, r.height * 0.011 + 0.6, p.accent, 0.5)
    r.circle(x0 < r.width / 2 ? r.width * 0.78 : r.width * 0.25, r.height * 0.55, r.height * 0.42, p.accent, 0.14)
    r.ring(x0 < r.width / 2 ? r.width * 0.78 : r.width * 0.25, r.height * 0.55, r.height * 0.3, 2, [255, 255, 255], 0.3)
  },
  // Overlapping diamonds.
  (r, p, random) => {
    const cy = r.height * 0.5
    for (let i = 0; i < 5; i++) {
      const cx = r.width * (0.15 + i * 0.18 + (random() - 0.5) * 0.05)
      const size = r.height * (0.18 + random() * 0.18)
      r.polygon(
        [
          [cx, cy - size],
          [cx + size, cy],
          [cx, cy + size],
          [cx - size, cy],
        ],
        i % 2 ? p.accent : [255, 255, 255],
        0.1 + random() * 0.1,
      )
    }
  },
]

/** A 16:9 cover: gradient plus one geometric pattern and a soft light source. */
export function drawCover(seed: string, theme?: string, width = 480, height = 270): Buffer {
  const random = seededRandom(`cover:${seed}`)
  const pal = pickPalette(theme, random)
  const p = { from: hex(pal.from), to: hex(pal.to), accent: hex(pal.accent) }
  const r = new Raster(width, height)
  r.linearGradient([p.from, p.to], random() * Math.PI * 0.5)
  r.glow(width * random(), height * random() * 0.5, width * 0.6, p.accent, 0.25)
  patterns[Math.floor(random() * patterns.length)](r, p, random)
  // A darker foot keeps overlaid titles readable.
  r.fadeBottom(height * 0.55, [0, 0, 0], 0.3)
  return r.toPng()
}

/** A wide banner: layered waves, glows and a ring cluster. */
export function drawBanner(seed: string, theme?: string, width = 1200, height = 400): Buffer {
  const random = seededRandom(`banner:${seed}`)
  const pal = pickPalette(theme, random)
  const from = hex(pal.from)
  const to = hex(pal.to)
  const accent = hex(pal.accent)
  const r = new Raster(width, height)
  r.linearGradient([from, to, mix(to, accent, 0.35)], 0.15)
  r.glow(width * 0.78, height * 0.3, height * 1.1, accent, 0.35)
  r.glow(width * 0.15, height * 0.9, height * 0.8, [255, 255, 255], 0.12)
  const cx = width * (0.7 + random() * 0.15)
  for (let i = 1; i <= 5; i++) r.ring(cx, height * 0.42, i * height * 0.13, 2, [255, 255, 255], 0.22 - i * 0.03)
  r.circle(cx, height * 0.42, height * 0.1, accent, 0.6)
  r.stripes(-1.1, 46, 8, [255, 255, 255], 0.035)
  for (let layer = 0; layer < 3; layer++) {
    const base = height * (0.68 + layer * 0.1)
    const amp = height * (0.06 - layer * 0.012)
    const freq = (1 + random()) / width
    const phase = random() * 6
    r.fillBelow((x) => base + amp * Math.sin(x * freq * Math.PI * 2 + phase), mix(accent, from, 0.35 + layer * 0.25), 0.25 + layer * 0.15)
  }
  return r.toPng()
}

/** A partner emblem on a light card (240x96): a badge with a mark and two accent bars. */
export function drawEmblem(seed: string, theme?: string, width = 240, height = 96): Buffer {
  const random = seededRandom(`emblem:${seed}`)
  const pal = pickPalette(theme, random)
  const from = hex(pal.from)
  const to = hex(pal.to)
  const r = new Raster(width, height)
  r.linearGradient([[255, 255, 255], mix([255, 255, 255], to, 0.08)], Math.PI / 2)
  const cy = height / 2
  const cx = height * 0.6
  const rad = height * 0.34
  const shape = Math.floor(random() * 4)
  if (shape === 0) r.circle(cx, cy, rad, from)
  else if (shape === 1) r.roundRect(cx - rad, cy - rad, rad * 2, rad * 2, rad * 0.35, from)
  else if (shape === 2) r.polygon(hexagon(cx, cy, rad * 1.08), from)
  else
    r.polygon(
      [
        [cx, cy - rad * 1.15],
        [cx + rad * 1.15, cy],
        [cx, cy + rad * 1.15],
        [cx - rad * 1.15, cy],
      ],
      from,
    )
  const mark = Math.floor(random() * 3)
  const white: Rgb = [255, 255, 255]
  if (mark === 0) r.ring(cx, cy, rad * 0.5, rad * 0.16, white)
  else if (mark === 1)
    r.polygon(
      [
        [cx, cy - rad * 0.55],
        [cx + rad * 0.5, cy + rad * 0.4],
        [cx - rad * 0.5, cy + rad * 0.4],
      ],
      white,
    )
  else {
    r.roundRect(cx - rad * 0.5, cy - rad * 0.45, rad, rad * 0.22, 3, white)
    r.roundRect(cx - rad * 0.5, cy - rad * 0.1, rad, rad * 0.22, 3, white)
    r.roundRect(cx - rad * 0.5, cy + rad * 0.25, rad * 0.6, rad * 0.22, 3, white)
  }
  r.circle(cx + rad * 0.75, cy - rad * 0.75, rad * 0.22, hex(pal.accent))
  // Wordmark-like bars in the brand colours; the partner's name is shown as text beside it.
  const x = height * 1.15
  r.roundRect(x, cy - height * 0.16, width - x - height * 0.25, height * 0.13, height * 0.06, from, 0.9)
  r.roundRect(x, cy + height * 0.06, (width - x - height * 0.25) * (0.5 + random() * 0.3), height * 0.09, height * 0.045, to, 0.55)
  return r.toPng()
}

function hexagon(cx: number, cy: number, rad: number): [number, number][] {
  return Array.from({ length: 6 }, (_, i) => [
    cx + rad * Math.cos((Math.PI / 3) * i + Math.PI / 6),
    cy + rad * Math.sin((Math.PI / 3) * i + Math.PI / 6),
  ])
}

/** The site icon: a rounded square with a stylised "open book" mark. */
export function drawIcon(seed: string, theme = 'red', size = 128): Buffer {
  const random = seededRandom(`icon:${seed}`)
  const pal = pickPalette(theme, random)
  const r = new Raster(size, size)
  r.linearGradient(
    [
      [255, 255, 255],
      [255, 255, 255],
    ],
    0,
  )
  r.roundRect(0, 0, size, size, size * 0.22, hex(pal.to))
  r.glow(size * 0.3, size * 0.2, size * 0.9, hex(pal.accent), 0.35)
  const white: Rgb = [255, 255, 255]
  const c = size / 2
  r.polygon(
    [
      [c - size * 0.3, size * 0.32],
      [c - size * 0.02, size * 0.4],
      [c - size * 0.02, size * 0.76],
      [c - size * 0.3, size * 0.68],
    ],
    white,
  )
  r.polygon(
    [
      [c + size * 0.3, size * 0.32],
      [c + size * 0.02, size * 0.4],
      [c + size * 0.02, size * 0.76],
      [c + size * 0.3, size * 0.68],
    ],
    white,
    0.85,
  )
  r.circle(c, size * 0.24, size * 0.07, hex(pal.accent))
  return r.toPng()
}

/**
 * A QR-code-like square (finder patterns, timing lines, seeded modules) standing in for the
 * WeChat QR image until an admin uploads the real one.
 */
export function drawQrLike(seed: string, size = 258): Buffer {
  const random = seededRandom(`qr:${seed}`)
  const modules = 29
  const cell = Math.floor((size - 16) / modules)
  const offset = Math.floor((size - cell * modules) / 2)
  const grid: boolean[][] = Array.from({ length: modules }, () => Array.from({ length: modules }, () => random() < 0.48))
  const finder = (gx: number, gy: number) => {
    for (let y = -1; y < 8; y++) {
      for (let x = -1; x < 8; x++) {
        const row = grid[gy + y]
        if (!row || gx + x < 0 || gx + x >= modules) continue
        const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3))
        row[gx + x] = ring !== 2 && ring !== 4
      }
    }
  }
  finder(0, 0)
  finder(modules - 7, 0)
  finder(0, modules - 7)
  for (let i = 8; i < modules - 8; i++) {
    grid[6][i] = i % 2 === 0
    grid[i][6] = i % 2 === 0
  }
  const r = new Raster(size, size)
  r.linearGradient(
    [
      [255, 255, 255],
      [255, 255, 255],
    ],
    0,
  )
  const ink: Rgb = [24, 24, 28]
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!grid[y][x]) continue
      for (let py = 0; py < cell; py++) for (let px = 0; px < cell; px++) r.blend(offset + x * cell + px, offset + y * cell + py, ink, 1)
    }
  }
  // A small brand badge in the middle, as WeChat codes have.
  const c = size / 2
  r.roundRect(c - cell * 3, c - cell * 3, cell * 6, cell * 6, cell, [255, 255, 255])
  r.roundRect(c - cell * 2.4, c - cell * 2.4, cell * 4.8, cell * 4.8, cell, hex('#07c160'))
  return r.toPng()
}

export type Picture =
  { draw: 'portrait' | 'cover' | 'banner' | 'emblem' | 'icon'; seed: string; theme?: string } | { draw: 'qr'; seed: string }

export function drawPicture(picture: Picture): Buffer {
  switch (picture.draw) {
    case 'portrait':
      return drawPortrait(picture.seed, picture.theme)
    case 'cover':
      return drawCover(picture.seed, picture.theme)
    case 'banner':
      return drawBanner(picture.seed, picture.theme)
    case 'emblem':
      return drawEmblem(picture.seed, picture.theme)
    case 'icon':
      return drawIcon(picture.seed, picture.theme)
    case 'qr':
      return drawQrLike(picture.seed)
  }
}
