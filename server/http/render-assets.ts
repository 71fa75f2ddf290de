// What a server-rendered page loads beyond the entry (index.html already links the entry's own
// script and imports): the app (client/src/app/start.tsx, which the entry imports once the page is
// painted), the chunk of each matched page, the chunks they import, and their stylesheets, read
// from Vite's build manifest. The modules are listed, not preloaded from the head: the entry
// preloads them all at once after the first paint, so the page's picture never shares a slow
// phone's bandwidth with the scripts, and taking the page over has no waterfall.
//
// Stylesheets: given the build's folder, the page's CSS (the entry's and its own chunks', a few KB
// gzip) is written into the document as <style>, so the first paint waits for no request: on a
// phone each render-blocking stylesheet cost a round trip before anything showed (Lighthouse: ~10
// files, 270-420 ms each). Each inlined chunk stylesheet keeps a *disabled* <link> of the same
// address: a disabled stylesheet is never fetched, and it tells Vite's loader (which looks for
// `link[href][rel=stylesheet]` before adding one) that the styles are already there, so taking the
// page over does not download them again. Later pages reached in the browser load their CSS as files.
import fs from 'node:fs'
import path from 'node:path'
import { PAGE_MODULES_ID } from '../../common/page-modules'

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
export type Manifest = Record<string, ManifestChunk>

/** The manifest key of a page module (client/src/app/routes/<page>.tsx; the client build's root is client/). */
const pageKey = (page: string) => `src/app/routes/${page}.tsx`
/** The app, which the entry imports after the first paint: every page needs it. */
const APP_KEY = 'src/app/start.tsx'

/** The chunk and every chunk it imports statically, depth first. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen)
  return seen
}

const linkTag = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`

/** A stylesheet's text, safe inside <style> (a `</style` in a CSS string would end the element). */
const styleTag = (file: string, css: string) => `<style data-href="/${file}">${css.replace(/<\/style/gi, '<\\/style')}</style>`

/** Reads built stylesheets once each; undefined when one cannot be read (the page then links it). */
function cssReader(clientDist: string): (file: string) => string | undefined {
  const texts = new Map<string, string | undefined>()
  return (file) => {
    if (!texts.has(file)) {
      try {
        texts.set(file, fs.readFileSync(path.join(clientDist, file), 'utf8'))
      } catch {
        texts.set(file, undefined)
      }
    }
    return texts.get(file)
  }
}

/**
 * Answers the tags for a list of matched pages, computed once per list (the build does not change).
 * With `clientDist`, stylesheets are inlined, the entry's included (render-document.ts then drops
 * the template's link to it); without, the page's own stylesheets are linked.
 */
export function pageAssets(manifest: Manifest, clientDist?: string): (pages: readonly string[]) => string {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const loaded = entry ? closure(manifest, entry) : new Set<string>()
  const loadedCss = [...new Set([...loaded].flatMap((key) => manifest[key].css ?? []))]
  const readCss = clientDist === undefined ? undefined : cssReader(clientDist)
  const known = new Map<string, string>()

  const stylesheets = (entryCss: string[], pageCss: string[]) => {
    if (!readCss) return pageCss.map(linkTag).join('')
    const inline = (file: string, isEntry: boolean) => {
      const css = readCss(file)
      // An unreadable entry stylesheet stays linked by the template itself.
      if (css === undefined) return isEntry ? '' : linkTag(file)
      return styleTag(file, css) + (isEntry ? '' : `<link rel="stylesheet" href="/${file}" disabled>`)
    }
    return entryCss.map((file) => inline(file, true)).join('') + pageCss.map((file) => inline(file, false)).join('')
  }

  return (pages) => {
    const id = pages.join(',')
    let tags = known.get(id)
    if (tags === undefined) {
      const chunks = closure(manifest, APP_KEY)
      for (const page of pages) closure(manifest, pageKey(page), chunks)
      const needed = [...chunks].filter((key) => !loaded.has(key))
      const css = [...new Set(needed.flatMap((key) => manifest[key].css ?? []))].filter((file) => !loadedCss.includes(file))
      const modules = JSON.stringify(needed.map((key) => `/${manifest[key].file}`))
      tags = stylesheets(loadedCss, css) + `<script type="application/json" id="${PAGE_MODULES_ID}">${modules}</script>`
      known.set(id, tags)
    }
    return tags
  }
}
