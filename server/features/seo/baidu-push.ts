// Tells Baidu about new and changed pages as they are published (its "普通收录" API push), so they
// are crawled within hours instead of whenever the sitemap is next read. Optional: it runs only
// with BAIDU_PUSH_TOKEN and PUBLIC_URL set.
//
// Only the process that made a write hears of it (db.ts afterWrite), so several processes never
// push the same change twice. Content writes come in bursts (an import, a review session): they
// are gathered for `delayMs` and pushed as one request of the detail pages changed since the last
// push. A failure is logged and never reaches the write that caused it.
import type { Logger } from 'pino'
import { afterWrite } from '../../db'
import { chinaDay } from '../../lib/china-day'
import { clock } from '../../lib/clock'
import { listSitemapEntries, SITEMAP_SECTIONS } from './seo.service'

/** Baidu takes at most 2,000 URLs per request. */
export const URLS_PER_PUSH = 2000
export const BAIDU_PUSH_ENDPOINT = 'http://data.zz.baidu.com/urls'

export type BaiduPushOptions = {
  token: string
  /** The public origin, e.g. https://www.example.com: Baidu checks every URL belongs to it. */
  site: string
  logger: Logger
  endpoint?: string
  delayMs?: number
}

/** Detail pages only: list pages change with every item and are left to the sitemap. */
const DETAIL_SECTIONS = SITEMAP_SECTIONS.filter((section) => section !== 'pages')

/** Paths of published detail pages changed after `since`, oldest change first. */
export async function changedDetailPaths(since: Date): Promise<string[]> {
  const sections = await Promise.all(DETAIL_SECTIONS.map((section) => listSitemapEntries(section, { changedAfter: since })))
  return sections
    .flat()
    .sort((a, b) => a.lastmod.getTime() - b.lastmod.getTime())
    .map((entry) => entry.path)
}

/** Starts listening for content writes; returns a stop function that also pushes what is pending. */
export function startBaiduPush(options: BaiduPushOptions): () => Promise<void> {
  const { token, site, logger } = options
  const endpoint = `${options.endpoint ?? BAIDU_PUSH_ENDPOINT}?site=${encodeURIComponent(site)}&token=${encodeURIComponent(token)}`
  const delayMs = options.delayMs ?? 60_000
  let since = new Date(clock.now())
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let isStopped = false
  // Baidu answers "over quota" for the rest of the day once a site's daily allowance is used up.
  let quotaSpentOn = ''

  async function push() {
    timer = undefined
    if (quotaSpentOn === chinaDay(clock.now())) return
    const startedAt = new Date(clock.now())
    const paths = await changedDetailPaths(since)
    since = startedAt
    for (let start = 0; start < paths.length; start += URLS_PER_PUSH) {
      const urls = paths.slice(start, start + URLS_PER_PUSH).map((path) => new URL(path, site).href)
      const response = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: urls.join('\n') })
      const answer = (await response.json().catch(() => ({}))) as { success?: number; remain?: number; message?: string }
      if (!response.ok) {
        if (/quota/i.test(answer.message ?? '')) quotaSpentOn = chinaDay(clock.now())
        logger.warn({ job: 'baidu-push', status: response.status, message: answer.message, urls: urls.length }, '百度推送被拒绝')
        return
      }
      logger.info({ job: 'baidu-push', success: answer.success, remain: answer.remain }, '已向百度推送新页面')
    }
  }

  function schedule() {
    if (timer || isStopped) return
    timer = setTimeout(() => {
      running = running
        .then(push)
        .catch((error: unknown) => logger.warn({ job: 'baidu-push', err: error }, '百度推送失败，下次内容变动时重试'))
    }, delayMs)
    timer.unref()
  }

  afterWrite((_model, isContent, columns) => {
    // A visit adds to `views` only; it changes no page.
    if (isContent && !(columns && columns.every((column) => column === 'views'))) schedule()
  })

  return async () => {
    isStopped = true
    if (timer) {
      clearTimeout(timer)
      running = running.then(push).catch((error: unknown) => logger.warn({ job: 'baidu-push', err: error }, '百度推送失败'))
    }
    await running
  }
}
