// The JavaScript the staff console loads, read from a client build's manifest (Vite's
// .vite/manifest.json): for the first-load budget test (server/http/console-first-load.ssr.test.ts)
// and scripts/measure-admin.ts. No vitest imports here, so scripts may use it too.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** At most this much gzip JavaScript before the console's dashboard shows. */
export const CONSOLE_FIRST_LOAD_BUDGET = 250 * 1024

/**
 * What a first visit to /admin runs besides the entry: main.tsx starts the console on its own
 * (app/admin-start.tsx, which imports the gate and layout), and the console opens on the dashboard.
 */
export const CONSOLE_FIRST_LOAD_ROOTS = ['src/app/admin-start.tsx', 'src/admin/pages/dashboard-page.tsx']

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>
export type ChunkSize = { key: string; file: string; bytes: number; gzipBytes: number }
export type JsLoad = { chunks: ChunkSize[]; bytes: number; gzipBytes: number }

const readManifest = (clientDist: string): Manifest =>
  JSON.parse(fs.readFileSync(path.join(clientDist, '.vite', 'manifest.json'), 'utf8')) as Manifest

/**
 * The chunks `keys` and everything they import statically, plus, when `isDynamicToo`, what they
 * import dynamically, except the entry's dynamic imports (the two starts: the public app is not the
 * console's).
 */
function closure(manifest: Manifest, keys: string[], isDynamicToo: boolean): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the client build's manifest`)
    seen.add(key)
    const dynamic = isDynamicToo && !chunk.isEntry ? (chunk.dynamicImports ?? []) : []
    for (const imported of [...(chunk.imports ?? []), ...dynamic]) visit(imported)
  }
  keys.forEach(visit)
  return seen
}

/** Sizes as served: gzip at its best level, as scripts/measure-client.ts counts the home page's. */
function sizes(clientDist: string, manifest: Manifest, keys: Set<string>): JsLoad {
  const chunks = [...keys].map((key) => {
    const body = fs.readFileSync(path.join(clientDist, manifest[key].file))
    return { key, file: manifest[key].file, bytes: body.length, gzipBytes: zlib.gzipSync(body, { level: 9 }).length }
  })
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes)
  const sum = (field: 'bytes' | 'gzipBytes') => chunks.reduce((total, chunk) => total + chunk[field], 0)
  return { chunks, bytes: sum('bytes'), gzipBytes: sum('gzipBytes') }
}

const entryOf = (manifest: Manifest) => {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  if (!entry) throw new Error('the client build has no entry')
  return entry
}

/** The console's first load: the entry, the console's start, the dashboard and their static imports. */
export function consoleFirstLoad(clientDist: string): JsLoad {
  const manifest = readManifest(clientDist)
  return sizes(clientDist, manifest, closure(manifest, [entryOf(manifest), ...CONSOLE_FIRST_LOAD_ROOTS], false))
}

/** Every chunk the console can load, on any page: the entry and its start's imports of both kinds. */
export function consoleTotal(clientDist: string): JsLoad {
  const manifest = readManifest(clientDist)
  return sizes(clientDist, manifest, closure(manifest, [entryOf(manifest), CONSOLE_FIRST_LOAD_ROOTS[0]], true))
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** One line per chunk, largest first, for a report or a failing test's message. */
export const describeLoad = (load: JsLoad) =>
  load.chunks.map((chunk) => `${kb(chunk.gzipBytes).padStart(9)} gzip  ${chunk.file}`).join('\n') +
  `\n${kb(load.gzipBytes).padStart(9)} gzip  total`
