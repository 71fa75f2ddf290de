// A tiny RGB raster with anti-aliased shapes, enough to draw seed pictures without a canvas
// library or network access. Every shape only touches the pixels of its bounding box.
import zlib from 'node:zlib'

export type Rgb = readonly [number, number, number]

export function hex(value: string): Rgb {
  const n = Number.parseInt(value.replace('#', ''), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v)

export class Raster {
  readonly data: Float32Array

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Float32Array(width * height * 3)
  }

  /** Blends `color` over pixel (x, y) with opacity `alpha`. */
  blend(x: number, y: number, color: Rgb, alpha: number) {
    if (alpha <= 0) return
    const i = (y * this.width + x) * 3
    const d = this.data
    if (alpha >= 1) {
      d[i] = color[0]
      d[i + 1] = color[1]
      d[i + 2] = color[2]
      return
    }
    d[i] += (color[0] - d[i]) * alpha
    d[i + 1] += (color[1] - d[i + 1]) * alpha
    d[i + 2] += (color[2] - d[i + 2]) * alpha
  }

  /** Fills with a linear gradient through `stops` along `angle` (radians, 0 = left to right). */
  linearGradient(stops: Rgb[], angle: number) {
    const { width: w, height: h, data } = this
    const cos = Math.cos(angle)
    const sin = Math.sin(angle)
    const span = Math.abs(w * cos) + Math.abs(h * sin)
    const segments = stops.length - 1
    const flat = Float64Array.from(stops.flat())
    // t grows linearly along a row, so only its start is computed per row.
    const step = (cos / span) * segments
    for (let y = 0; y < h; y++) {
      let t = (((0.5 - w / 2) * cos + (y + 0.5 - h / 2) * sin) / span + 0.5) * segments
      let i = y * w * 3
      for (let x = 0; x < w; x++, t += step, i += 3) {
        const u = t < 0 ? 0 : t > segments ? segments : t
        const k = u >= segments ? segments - 1 : Math.floor(u)
        const f = u - k
        const a = k * 3
        data[i] = flat[a] + (flat[a + 3] - flat[a]) * f
        data[i + 1] = flat[a + 1] + (flat[a + 4] - flat[a + 1]) * f
        data[i + 2] = flat[a + 2] + (flat[a + 5] - flat[a + 2]) * f
      }
    }
  }

  /**
   * Blends `color` wherever `coverage(px, py)` (0..1, at the pixel centre) is positive, visiting
   * only rows y0..y1 and, per row, the x ranges `spans(py)` returns, so big thin shapes stay cheap.
   */
  private shade(
    y0: number,
    y1: number,
    spans: (py: number) => number[],
    color: Rgb,
    alpha: number,
    coverage: (px: number, py: number) => number,
  ) {
    const d = this.data
    const [r, g, b] = color
    const ya = Math.max(0, Math.floor(y0))
    const yb = Math.min(this.height - 1, Math.ceil(y1))
    for (let y = ya; y <= yb; y++) {
      const ranges = spans(y + 0.5)
      for (let s = 0; s < ranges.length; s += 2) {
        const xa = Math.max(0, Math.floor(ranges[s]))
        const xb = Math.min(this.width - 1, Math.ceil(ranges[s + 1]))
        let i = (y * this.width + xa) * 3
        for (let x = xa; x <= xb; x++, i += 3) {
          const c = coverage(x + 0.5, y + 0.5)
          if (c <= 0) continue
          const a = c * alpha
          d[i] += (r - d[i]) * a
          d[i + 1] += (g - d[i + 1]) * a
          d[i + 2] += (b - d[i + 2]) * a
        }
      }
    }
  }

  private box(x0: number, y0: number, x1: number, y1: number, color: Rgb, alpha: number, coverage: (px: number, py: number) => number) {
    const row = [x0, x1]
    this.shade(y0, y1, () => row, color, alpha, coverage)
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, alpha = 1) {
    const spans = (py: number) => {
      const t = 1 - ((Math.abs(py - cy) - 1) / ry) ** 2
      const half = Math.abs(py - cy) <= 1 ? rx : t > 0 ? rx * Math.sqrt(t) : 0
      return [cx - half - 1, cx + half + 1]
    }
    this.shade(cy - ry - 1, cy + ry + 1, spans, color, alpha, (px, py) => {
      const nx = (px - cx) / rx
      const ny = (py - cy) / ry
      const k = Math.sqrt(nx * nx + ny * ny)
      if (k === 0) return 1
      const grad = Math.sqrt((nx / rx) ** 2 + (ny / ry) ** 2) / k
      return clamp01(0.5 - (k - 1) / grad)
    })
  }

  circle(cx: number, cy: number, r: number, color: Rgb, alpha = 1) {
    this.ellipse(cx, cy, r, r, color, alpha)
  }

  ring(cx: number, cy: number, r: number, thickness: number, color: Rgb, alpha = 1) {
    const outer = r + thickness / 2 + 1
    const inner = Math.max(0, r - thickness / 2 - 1)
    const halfWidth = (radius: number, dy: number) => (radius > dy ? Math.sqrt(radius * radius - dy * dy) : 0)
    const spans = (py: number) => {
      const dy = Math.max(0, Math.abs(py - cy) - 0.5)
      const o = halfWidth(outer, dy) + 1
      const i = halfWidth(inner, Math.abs(py - cy) + 0.5) - 1
      return i > 0 ? [cx - o, cx - i, cx + i, cx + o] : [cx - o, cx + o]
    }
    this.shade(cy - outer, cy + outer, spans, color, alpha, (px, py) => {
      const d = Math.abs(Math.sqrt((px - cx) ** 2 + (py - cy) ** 2) - r)
      return clamp01(thickness / 2 + 0.5 - d)
    })
  }

  /** A soft glow: opacity falls off smoothly from the centre to radius r (no square root per pixel). */
  glow(cx: number, cy: number, r: number, color: Rgb, alpha = 1) {
    const { data: d, width: w } = this
    const [cr, cg, cb] = color
    const r2 = r * r
    const ya = Math.max(0, Math.floor(cy - r))
    const yb = Math.min(this.height - 1, Math.ceil(cy + r))
    for (let y = ya; y <= yb; y++) {
      const dy2 = (y + 0.5 - cy) ** 2
      if (dy2 >= r2) continue
      const half = Math.sqrt(r2 - dy2)
      const xa = Math.max(0, Math.floor(cx - half))
      const xb = Math.min(w - 1, Math.ceil(cx + half))
      let i = (y * w + xa) * 3
      for (let x = xa; x <= xb; x++, i += 3) {
        const t = 1 - ((x + 0.5 - cx) ** 2 + dy2) / r2
        if (t <= 0) continue
        const a = t * t * t * alpha
        d[i] += (cr - d[i]) * a
        d[i + 1] += (cg - d[i + 1]) * a
        d[i + 2] += (cb - d[i + 2]) * a
      }
    }
  }

  roundRect(x: number, y: number, w: number, h: number, radius: number, color: Rgb, alpha = 1) {
    const r = Math.min(radius, w / 2, h / 2)
    const cx = x + w / 2
    const cy = y + h / 2
    this.box(x - 1, y - 1, x + w + 1, y + h + 1, color, alpha, (px, py) => {
      const qx = Math.abs(px - cx) - (w / 2 - r)
      const qy = Math.abs(py - cy) - (h / 2 - r)
      const outside = Math.sqrt(Math.max(qx, 0) ** 2 + Math.max(qy, 0) ** 2) + Math.min(Math.max(qx, qy), 0) - r
      return clamp01(0.5 - outside)
    })
  }

  /** Convex polygon, points in any winding order. */
  polygon(points: [number, number][], color: Rgb, alpha = 1) {
    const xs = points.map((p) => p[0])
    const ys = points.map((p) => p[1])
    let area = 0
    for (let i = 0; i < points.length; i++) {
      const [ax, ay] = points[i]
      const [bx, by] = points[(i + 1) % points.length]
      area += ax * by - bx * ay
    }
    const sign = area >= 0 ? 1 : -1
    const edges = points.map(([ax, ay], i) => {
      const [bx, by] = points[(i + 1) % points.length]
      const len = Math.sqrt((bx - ax) ** 2 + (by - ay) ** 2) || 1
      return { ax, ay, nx: (-(by - ay) / len) * sign, ny: ((bx - ax) / len) * sign }
    })
    this.box(Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1, color, alpha, (px, py) => {
      let inside = Infinity
      for (const e of edges) inside = Math.min(inside, (px - e.ax) * e.nx + (py - e.ay) * e.ny)
      return clamp01(inside + 0.5)
    })
  }

  /** Fills everything below the curve y = top(x), anti-aliased along the curve. */
  fillBelow(top: (x: number) => number, color: Rgb, alpha = 1) {
    const d = this.data
    const [r, g, b] = color
    for (let x = 0; x < this.width; x++) {
      const edge = top(x + 0.5)
      for (let y = Math.max(0, Math.floor(edge)); y < this.height; y++) {
        const a = clamp01(y + 1 - edge) * alpha
        const i = (y * this.width + x) * 3
        d[i] += (r - d[i]) * a
        d[i + 1] += (g - d[i + 1]) * a
        d[i + 2] += (b - d[i + 2]) * a
      }
    }
  }

  /** Darkens towards the bottom edge, from nothing at row y0 to `alpha` at the last row. */
  fadeBottom(y0: number, color: Rgb, alpha: number) {
    const { data: d, width: w, height: h } = this
    const [r, g, b] = color
    for (let y = Math.max(0, Math.floor(y0)); y < h; y++) {
      const a = ((y + 0.5 - y0) / (h - y0)) * alpha
      for (let x = 0, i = y * w * 3; x < w; x++, i += 3) {
        d[i] += (r - d[i]) * a
        d[i + 1] += (g - d[i + 1]) * a
        d[i + 2] += (b - d[i + 2]) * a
      }
    }
  }

  /** Parallel bands across the whole picture: `period` apart, `width` wide, at `angle`. */
  stripes(angle: number, period: number, width: number, color: Rgb, alpha = 1) {
    const cos = Math.cos(angle)
    const sin = Math.sin(angle)
    this.box(0, 0, this.width, this.height, color, alpha, (px, py) => {
      const u = (((px * cos + py * sin) % period) + period) % period
      return clamp01(Math.min(u, width - u) + 0.5) * (u <= width ? 1 : 0)
    })
  }

  /** Darkens the edges a little, which makes flat shapes read as a photo-like picture. */
  vignette(strength: number) {
    const { width: w, height: h } = this
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const dx = (x - w / 2) / (w / 2)
        const dy = (y - h / 2) / (h / 2)
        const t = Math.min(1, (dx * dx + dy * dy) / 2)
        const keep = 1 - t * t * strength
        const i = (y * w + x) * 3
        this.data[i] *= keep
        this.data[i + 1] *= keep
        this.data[i + 2] *= keep
      }
    }
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.data)
  }
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body, zlib.crc32(head.subarray(4))), 0)
  return Buffer.concat([head, body, crc])
}

/**
 * Encodes 8-bit RGB as PNG with the Sub filter and run-length deflate: several times faster
 * than pngjs's adaptive encoder, which matters for a few hundred seed pictures. After the Sub
 * filter a smooth gradient is mostly runs of equal bytes, so RLE compresses it as well as level 6.
 */
export function encodePng(width: number, height: number, rgb: Float32Array): Buffer {
  const stride = width * 3
  const pixels = new Uint8ClampedArray(height * stride)
  pixels.set(rgb)
  const raw = new Uint8Array(height * (stride + 1))
  for (let y = 0; y < height; y++) {
    const row = y * stride
    const out = y * (stride + 1) + 1
    raw[out - 1] = 1 // filter type Sub: each byte minus the same channel of the pixel to its left
    raw[out] = pixels[row]
    raw[out + 1] = pixels[row + 1]
    raw[out + 2] = pixels[row + 2]
    for (let x = 3; x < stride; x++) raw[out + x] = (pixels[row + x] - pixels[row + x - 3]) & 255
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6, strategy: zlib.constants.Z_RLE })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Deterministic pseudo-random numbers from a string, so a slug always draws the same picture. */
export function seededRandom(seed: string): () => number {
  let h = 2166136261
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619)
  let state = h >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
