// Posting a staff alert to a group chat: each provider's documented robot format and signing
// (企业微信 group robot, 钉钉 custom robot with 加签, 飞书 custom bot with 签名校验, or a plain JSON
// webhook signed with HMAC-SHA256), its answer read for the provider's own error code, and the
// outcome kept on the channel (lastSentAt, lastError) for the console. Run by the durable
// alert.deliver job (retries with backoff) and, once and at once, by the console's test button.
import crypto from 'node:crypto'
import { ALERT_KINDS, ALERT_PROVIDERS, type AlertKind, type AlertProvider } from '../../../common/notifications'
import { prisma } from '../../db'
import { JobRefusal } from '../../data/jobs'
import type { JobContext } from '../../data/job-worker'
import { env } from '../../env'
import { clock } from '../../lib/clock'
import { outboundFetch, outboundUrlProblem, PRIVATE_ADDRESS_CODE, privateAddressProblem } from '../../lib/outbound-url'
import { siteOrigin } from '../../lib/site-origin'
import { alertJobSchema } from './alert.schemas'

/** Mutable so tests can tighten them. */
export const alertDelivery = { timeoutMs: 5_000, allowPrivateHosts: env.alertAllowPrivateHosts }

/** The header a JSON webhook's receiver checks: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export const JSON_SIGNATURE_HEADER = 'X-Mingshi-Signature'

export type AlertMessage = {
  kind: AlertKind | 'test'
  /** What happened, in the chat's words: 新投稿待审核. */
  heading: string
  title: string
  /** Absolute, so it opens from a phone's chat app. */
  link: string
  at: string
}

type Channel = { id: number; provider: string; url: string; secret: string }
type Outbound = { url: string; headers: Record<string, string>; body: string }

const providerName = (provider: string) => ALERT_PROVIDERS[provider as AlertProvider]?.replace(/（.*$/, '') ?? provider
const hmacBase64 = (key: string, message: string) => crypto.createHmac('sha256', key).update(message, 'utf8').digest('base64')

/** The chats render markdown: member text must not turn into links, headings or mentions. */
const plain = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/[[\]<>*`#_~|]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0))
    .slice(0, 200)

/** Builds the request each provider documents. `nowMs` is the signing time. */
export function outboundFor(channel: Channel, message: AlertMessage, nowMs: number): Outbound {
  const json = { 'Content-Type': 'application/json; charset=utf-8' }
  const title = plain(message.title)
  switch (channel.provider as AlertProvider) {
    case 'wecom':
      // https://developer.work.weixin.qq.com/document/path/91770: the key is in the URL; no signing.
      return {
        url: channel.url,
        headers: json,
        body: JSON.stringify({
          msgtype: 'markdown',
          markdown: { content: `**${message.heading}**\n> ${title}\n[立即处理](${message.link})` },
        }),
      }
    case 'dingtalk': {
      // 加签: timestamp (ms) and base64(HmacSHA256(key = secret, `${timestamp}\n${secret}`)), url-encoded, in the query.
      const url = new URL(channel.url)
      if (channel.secret) {
        const timestamp = String(nowMs)
        url.searchParams.set('timestamp', timestamp)
        url.searchParams.set('sign', hmacBase64(channel.secret, `${timestamp}\n${channel.secret}`))
      }
      return {
        url: url.toString(),
        headers: json,
        body: JSON.stringify({
          msgtype: 'markdown',
          markdown: { title: message.heading, text: `#### ${message.heading}\n\n${title}\n\n[立即处理](${message.link})` },
        }),
      }
    }
    case 'feishu': {
      // 签名校验: timestamp (s) and base64(HmacSHA256(key = `${timestamp}\n${secret}`, empty message)), in the body.
      const timestamp = String(Math.floor(nowMs / 1000))
      const signing = channel.secret ? { timestamp, sign: hmacBase64(`${timestamp}\n${channel.secret}`, '') } : {}
      return {
        url: channel.url,
        headers: json,
        body: JSON.stringify({
          ...signing,
          msg_type: 'post',
          content: {
            post: {
              zh_cn: {
                title: message.heading,
                content: [[{ tag: 'text', text: `${message.title.slice(0, 200)} ` }], [{ tag: 'a', text: '立即处理', href: message.link }]],
              },
            },
          },
        }),
      }
    }
    default: {
      const body = JSON.stringify({ kind: message.kind, title: message.title, link: message.link, at: message.at })
      const headers: Record<string, string> = { ...json }
      if (channel.secret)
        headers[JSON_SIGNATURE_HEADER] = `sha256=${crypto.createHmac('sha256', channel.secret).update(body).digest('hex')}`
      return { url: channel.url, headers, body }
    }
  }
}

/** A 4xx no retry can mend (a wrong address, a removed robot); 408 and 429 are worth another try. */
const isPermanent = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429

/** The provider's own verdict in a 2xx answer: its error code and message, or null when it took the message. */
function providerError(provider: string, text: string): string | null {
  if (provider === 'json') return null
  let answer: Record<string, unknown>
  try {
    answer = JSON.parse(text) as Record<string, unknown>
  } catch {
    return `返回内容不是 JSON：${text.slice(0, 100)}`
  }
  // 企业微信 and 钉钉 answer errcode/errmsg; 飞书 code/msg (older bots StatusCode/StatusMessage).
  const code = provider === 'feishu' ? (answer.code ?? answer.StatusCode) : answer.errcode
  const words = provider === 'feishu' ? (answer.msg ?? answer.StatusMessage) : answer.errmsg
  if (code === 0 || code === '0') return null
  return `错误码 ${String(code ?? '（无）')}：${String(words ?? '')}`.slice(0, 300)
}

/**
 * Posts `message` to the channel. Answers the provider's words on success; throws a JobRefusal when
 * no retry can succeed (a refused address, a 4xx), or an Error (Chinese) worth retrying.
 */
export async function postToChannel(channel: Channel, message: AlertMessage, signal?: AbortSignal): Promise<string> {
  const name = providerName(channel.provider)
  const problem = await outboundUrlProblem(channel.url, { allowPrivate: alertDelivery.allowPrivateHosts })
  if (problem) throw new JobRefusal(`${name}：${problem}`)
  const outbound = outboundFor(channel, message, clock.now())
  const timeout = AbortSignal.timeout(alertDelivery.timeoutMs)
  let response: Awaited<ReturnType<typeof outboundFetch>>
  try {
    response = await outboundFetch(
      outbound.url,
      {
        method: 'POST',
        headers: outbound.headers,
        body: outbound.body,
        // A redirect could lead anywhere, the internal network included: not followed.
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      },
      { allowPrivate: alertDelivery.allowPrivateHosts },
    )
  } catch (error) {
    if (timeout.aborted) throw new Error(`${name}：${alertDelivery.timeoutMs / 1000} 秒内无响应（超时）`)
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    // The name answered a private address when connecting, after a public one to the check above.
    if (cause?.code === PRIVATE_ADDRESS_CODE) throw new JobRefusal(`${name}：${privateAddressProblem(new URL(outbound.url).hostname)}`)
    throw new Error(`${name}：无法连接（${cause?.code ?? cause?.message ?? (error as Error).message}）`)
  }
  const text = (await response.text().catch(() => '')).slice(0, 2000)
  if (response.status >= 300 && response.status < 400)
    throw new JobRefusal(`${name}：地址返回重定向（HTTP ${response.status}），请填写最终地址`)
  if (isPermanent(response.status)) throw new JobRefusal(`${name}：地址不可用（HTTP ${response.status}），请检查 Webhook 地址`)
  if (!response.ok) throw new Error(`${name}：服务暂时不可用（HTTP ${response.status}）`)
  const refused = providerError(channel.provider, text)
  if (refused) throw new Error(`${name}拒绝了消息，${refused}`)
  return `${name}已接收（HTTP ${response.status}）`
}

/** Keeps the outcome on the channel for the console: sent (the error cleared) or why not. */
async function recordOutcome(channelId: number, error: string | null) {
  await prisma.alertChannel.updateMany({
    where: { id: channelId },
    data: error === null ? { lastSentAt: new Date(clock.now()), lastError: '' } : { lastError: error.slice(0, 500) },
  })
}

/** Posts and records; answers the provider's words or throws as postToChannel does. */
export async function deliverToChannel(channel: Channel, message: AlertMessage, signal?: AbortSignal): Promise<string> {
  try {
    const words = await postToChannel(channel, message, signal)
    await recordOutcome(channel.id, null)
    return words
  } catch (error) {
    await recordOutcome(channel.id, error instanceof Error ? error.message : String(error))
    throw error
  }
}

/** An absolute link to a console or site path (PUBLIC_URL's origin). */
export const absoluteLink = (path = '/admin') => new URL(path || '/admin', `${siteOrigin()}/`).toString()

/** The alert.deliver job: one alert to one channel; a channel removed or switched off since is skipped. */
export async function deliverAlertJob(payload: unknown, context: JobContext): Promise<void> {
  const parsed = alertJobSchema.safeParse(payload)
  if (!parsed.success) throw new JobRefusal('告警任务内容无效')
  const alert = parsed.data
  const channel = await prisma.alertChannel.findUnique({ where: { id: alert.channelId } })
  if (!channel || !channel.enabled) return
  await deliverToChannel(
    channel,
    {
      kind: alert.kind,
      heading: ALERT_KINDS[alert.kind],
      title: alert.title,
      link: absoluteLink(alert.link),
      at: alert.at ?? new Date(clock.now()).toISOString(),
    },
    context.signal,
  )
}
