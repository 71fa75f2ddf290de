// The document of a server-rendered page, cut once from the built index.html: the page's head tags
// replace the template's title, keywords and description, its stylesheets and preloads join the
// head, the app's HTML fills <div id="root">, and the data the browser takes over with follows it
// as JSON (not a script: the content security policy allows no inline scripts). A stylesheet the
// page's assets carry inline (`<style data-href>`, render-assets.ts) is no longer linked.

const ROOT = '<div id="root"></div>'
const HEAD_END = '</head>'
/** The template's own title, keywords and description: replaced when the page brings its own. */
const DEFAULT_HEAD = /\s*<title>[\s\S]*?<\/title>|\s*<meta name="(?:keywords|description)"[^>]*>/g
/** The template's stylesheet links (Vite writes the entry's), with their addresses. */
const STYLESHEET_LINK = /\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g

export type PageParts = {
  /** Head tags from the render (title, meta, canonical, Open Graph, JSON-LD); may be empty. */
  head: string
  /** Stylesheets and module preloads of the page's chunks. */
  assets: string
  html: string
  /** Script-safe JSON for the browser. */
  data: string
  dataId: string
}

export function documentTemplate(indexHtml: string): (parts: PageParts) => string {
  const headEnd = indexHtml.indexOf(HEAD_END)
  const root = indexHtml.indexOf(ROOT)
  if (headEnd < 0 || root < headEnd) throw new Error(`index.html has no ${HEAD_END} followed by ${ROOT}`)
  const head = indexHtml.slice(0, headEnd)
  const bareHead = head.replace(DEFAULT_HEAD, '')
  const links = [...head.matchAll(STYLESHEET_LINK)].map(([tag, href]) => ({ tag, inlined: `data-href="${href}"` }))
  const body = indexHtml.slice(headEnd, root)
  const tail = indexHtml.slice(root + ROOT.length)
  return ({ head: tags, assets, html, data, dataId }) => {
    let start = tags.includes('<title>') ? bareHead : head
    for (const link of links) if (assets.includes(link.inlined)) start = start.replace(link.tag, '')
    return (
      `${start}${tags}${assets}${body}<div id="root">${html}</div>` +
      `<script type="application/json" id="${dataId}">${data}</script>${tail}`
    )
  }
}
