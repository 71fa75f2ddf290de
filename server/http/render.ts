// Public pages rendered on the server (issue 12): a GET that no file answers is rendered by the
// client's server entry (client/dist/.ssr/entry-server.js, built by `vite build` with the browser
// bundle), whose route loaders read the API's actions in-process (render-transport.ts). The answer
// is the page's HTML with its status (404 for unknown routes, ids and unpublished items), head tags,
// stylesheets, and the data the browser takes the page over with.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Request, RequestHandler, Response } from 'express'
import type { Logger } from '../lib/logger'
import type { Action } from '../lib/action'
import { pageAssets, type Manifest } from './render-assets'
import { countVisit, keepPage, keptPage, pageKey, sendPage, type KeptPage } from './render-cache'
import { documentTemplate, type PageParts } from './render-document'
import { siteOrigin } from '../lib/site-origin'
import { publicPageOf, readPreview, type PreviewGrant } from '../lib/preview-grant'
import type { RenderOutcome, ServerEntry, Transport } from '../../common/render-contract'
import { inProcessTransport, recordingReads } from './render-transport'

/** The server entry inside a client build (vite.config.ts SSR_DIR). */
export const SSR_ENTRY = path.join('.ssr', 'entry-server.js')
const MANIFEST = path.join('.vite', 'manifest.json')

const NOT_BUILT = '前端尚未构建，请先运行 npm run build'
/**
 * The grant of a preview link (`?preview=`, lib/preview-grant.ts) valid for this very page; any other
 * token (another item's, expired, tampered) is ignored and the page renders as it would without it.
 */
function previewOf(req: Request): PreviewGrant | undefined {
  const grant = readPreview(req.query.preview)
  return grant && publicPageOf(grant.entity, grant.id) === req.path ? grant : undefined
}

/** A preview is one staff member's view of an unpublished item: kept by nobody, indexed by nobody. */
function sendPreview(res: Response, page: KeptPage) {
  res.status(page.status).type('html').set({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' }).send(page.body)
}

/** A render that failed: a plain page in Chinese, never a stack trace (the error goes to the log). */
const FAILED_PAGE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>页面暂时无法显示 — 名师网</title></head><body style="font-family:sans-serif;text-align:center;padding:80px 16px">' +
  '<h1>页面暂时无法显示</h1><p>服务器繁忙，请稍后刷新重试。</p><p><a href="/">返回首页</a></p></body></html>'

type Build = {
  /** index.html's modification time: a new build is picked up without a restart. */
  version: number
  shell: string
  render?: ReturnType<ServerEntry['createRenderer']>
  page: (parts: PageParts) => string
  assets: (pages: readonly string[]) => string
  dataId: string
}

async function loadBuild(clientDist: string, version: number, transport: Transport, logger: Logger): Promise<Build> {
  const shell = await fs.promises.readFile(path.join(clientDist, 'index.html'), 'utf8')
  const entryFile = path.join(clientDist, SSR_ENTRY)
  if (!fs.existsSync(entryFile)) {
    // An old build without the server entry still serves a working (browser-rendered) site.
    logger.error({ entryFile }, '前端构建缺少服务端渲染入口，页面将只在浏览器中渲染；请重新运行 npm run build')
    return { version, shell, page: () => shell, assets: () => '', dataId: '' }
  }
  const manifest = JSON.parse(await fs.promises.readFile(path.join(clientDist, MANIFEST), 'utf8')) as Manifest
  // The query string makes a rebuilt entry a new module instead of the one Node already holds.
  const entry = (await import(`${pathToFileURL(entryFile).href}?v=${version}`)) as ServerEntry
  return {
    version,
    shell,
    render: entry.createRenderer(transport),
    page: documentTemplate(shell),
    assets: pageAssets(manifest, clientDist),
    dataId: entry.SERVER_DATA_ID,
  }
}

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).set('Cache-Control', 'no-cache').type('html').send(html)
}

/** A render whose answer is not a page to keep (a redirect, a failure): answered, never kept. */
class Unkept extends Error {
  constructor(readonly outcome: Extract<RenderOutcome, { kind: 'redirect' | 'failed' }>) {
    super(outcome.kind)
  }
}

/** Renders every GET it is given; mount it after the static files. */
export function pageRenderer(clientDist: string, actions: readonly Action[], logger: Logger): RequestHandler {
  const transport = inProcessTransport(actions, logger)
  let loading: Promise<Build> | undefined

  /** The current build, loaded again when index.html changes; undefined while there is none. */
  const current = async (): Promise<Build | undefined> => {
    // One stat per page (a few microseconds) keeps a rebuilt client from serving stale hashes.
    const version = fs.statSync(path.join(clientDist, 'index.html'), { throwIfNoEntry: false })?.mtimeMs
    if (version === undefined) return undefined
    const loaded = loading && (await loading.catch(() => undefined))
    if (loaded?.version === version) return loaded
    loading = loadBuild(clientDist, version, transport, logger)
    return loading
  }

  const fail = (req: Request, res: Response, error: unknown) => {
    req.log.error({ err: error, url: req.originalUrl }, 'page render failed')
    if (!res.headersSent) sendHtml(res, 500, FAILED_PAGE)
  }

  return async (req, res) => {
    // A missing hashed asset is a stale page or a typo, not a page to render.
    if (req.path.startsWith('/assets/')) {
      res.status(404).type('text/plain; charset=utf-8').send('文件不存在')
      return
    }
    try {
      const loaded = await current()
      if (!loaded) {
        res.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT)
        return
      }
      const { render } = loaded
      if (!render) return sendHtml(res, 200, loaded.shell)
      const origin = siteOrigin()
      const preview = previewOf(req)
      const renderPage = async (): Promise<KeptPage> => {
        const { result: outcome, revisits } = await recordingReads(
          () => render({ url: req.originalUrl, origin, isPreview: preview !== undefined }),
          preview,
        )
        if (outcome.kind === 'shell') return keepPage(200, loaded.shell, [])
        if (outcome.kind !== 'page') throw new Unkept(outcome)
        const { status, head, html, data, pages } = outcome
        return keepPage(status, loaded.page({ head, assets: loaded.assets(pages), html, data, dataId: loaded.dataId }), revisits)
      }
      if (preview) return sendPreview(res, await renderPage())
      const key = pageKey(req.originalUrl)
      if (!key) return sendPage(req, res, await renderPage(), false)
      // Keyed by the build too: a new client build renders its pages anew.
      const { page, isBuilt } = await keptPage(`${loaded.version}|${key}`, renderPage)
      if (!isBuilt) countVisit(page, logger)
      sendPage(req, res, page)
    } catch (error) {
      if (!(error instanceof Unkept)) return fail(req, res, error)
      if (error.outcome.kind === 'redirect') return res.redirect(error.outcome.status, error.outcome.location)
      fail(req, res, error.outcome.error)
    }
  }
}
