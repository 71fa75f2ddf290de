// What a server-rendered page loads beyond the entry (index.html already links the entry's own
// script, imports and stylesheet): the chunk of each matched page, the chunks it imports, and their
// stylesheets, read from Vite's build manifest. The stylesheets make the server's HTML look right
// at once; the module preloads let the browser take the page over without a waterfall.

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
export type Manifest = Record<string, ManifestChunk>

/** The manifest key of a page module (client/src/app/routes/<page>.tsx; the client build's root is client/). */
const pageKey = (page: string) => `src/app/routes/${page}.tsx`

/** The chunk and every chunk it imports statically, depth first. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen)
  return seen
}

/** Answers the <link> tags for a list of matched pages, computed once per list (the build does not change). */
export function pageAssets(manifest: Manifest): (pages: readonly string[]) => string {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const loaded = entry ? closure(manifest, entry) : new Set<string>()
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key].css ?? []))
  const known = new Map<string, string>()
  return (pages) => {
    const id = pages.join(',')
    let tags = known.get(id)
    if (tags === undefined) {
      const chunks = new Set<string>()
      for (const page of pages) closure(manifest, pageKey(page), chunks)
      const needed = [...chunks].filter((key) => !loaded.has(key))
      const css = [...new Set(needed.flatMap((key) => manifest[key].css ?? []))].filter((file) => !loadedCss.has(file))
      tags =
        css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('') +
        needed.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`).join('')
      known.set(id, tags)
    }
    return tags
  }
}
