// The console's alert channels (系统 → 告警通知): listed with their last outcome, saved, removed and
// tested. A webhook URL carries its robot's key (企业微信 key=, 钉钉 access_token=, 飞书's hook path) and
// the secret signs: neither is ever sent back in full, only masked.
import { ALERT_PROVIDERS, type AlertKind, type AlertProvider } from '../../../common/notifications'
import { prisma } from '../../db'
import { JobRefusal } from '../../data/jobs'
import { ApiError, Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { outboundUrlProblem } from '../../lib/outbound-url'
import { recordAudit } from '../audit/audit.service'
import { absoluteLink, alertDelivery, deliverToChannel } from './alert-delivery.service'
import type { AlertChannelSaveInput } from './alert.schemas'
import { ALERT_DELIVER_JOB } from './alert.service'

/** Who saves, for the audit log (the console's StaffActor). */
export type AlertActor = { staffId: number; ip: string; action: string }

/** Keeps the first 3 and last 4 characters of a long value. */
export function maskSecret(value: string): string {
  if (!value) return ''
  return value.length <= 10 ? '*'.repeat(6) : `${value.slice(0, 3)}******${value.slice(-4)}`
}

/** The URL with every query value and any long path segment masked: the robot's key is in one of them. */
export function maskUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return maskSecret(raw)
  }
  const path = url.pathname
    .split('/')
    .map((segment) => (segment.length >= 16 ? maskSecret(segment) : segment))
    .join('/')
  const query = [...url.searchParams].map(([key, value]) => `${key}=${maskSecret(value)}`).join('&')
  return `${url.origin}${path}${query ? `?${query}` : ''}`
}

type ChannelRow = Awaited<ReturnType<typeof prisma.alertChannel.findFirstOrThrow>>

const eventsOf = (row: ChannelRow) => JSON.parse(row.events) as AlertKind[]

function toChannel(row: ChannelRow) {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider as AlertProvider,
    providerText: ALERT_PROVIDERS[row.provider as AlertProvider] ?? row.provider,
    urlMasked: maskUrl(row.url),
    hasSecret: row.secret !== '',
    secretMasked: maskSecret(row.secret),
    events: eventsOf(row),
    enabled: row.enabled,
    lastError: row.lastError,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
export type AlertChannelView = ReturnType<typeof toChannel>

/** For the audit log: what changed, secrets masked. */
const auditView = (row: ChannelRow) => ({ ...toChannel(row), lastError: undefined, lastSentAt: undefined })

export async function listAlertChannels() {
  const rows = await prisma.alertChannel.findMany({ orderBy: [{ id: 'asc' }] })
  const failedDeliveries = await prisma.job.count({ where: { kind: ALERT_DELIVER_JOB, state: 'failed' } })
  return { list: rows.map(toChannel), failedDeliveries }
}

async function assertUsableUrl(url: string) {
  const problem = await outboundUrlProblem(url, { allowPrivate: alertDelivery.allowPrivateHosts })
  if (problem) throw new ApiError(Code.BAD_PARAMS, `Webhook 地址不可用：${problem}`)
}

export async function saveAlertChannel({ id, url, secret, events, ...fields }: AlertChannelSaveInput, actor: AlertActor) {
  const before = id ? await prisma.alertChannel.findUnique({ where: { id } }) : null
  if (id && !before) throw new ApiError(Code.NOT_FOUND, '告警通道不存在')
  if (url !== undefined) await assertUsableUrl(url)
  const data = {
    ...fields,
    events: JSON.stringify(events),
    ...(url === undefined ? {} : { url }),
    ...(secret === undefined ? {} : { secret }),
  }
  return prisma.$transaction(async (tx) => {
    const saved = before
      ? await tx.alertChannel.update({ where: { id: before.id }, data })
      : await tx.alertChannel.create({ data: { ...data, url: url! } })
    await recordAudit(
      {
        ...actor,
        entity: 'alertChannel',
        entityId: saved.id,
        summary: `${before ? '修改' : '添加'}告警通道「${saved.name}」（${ALERT_PROVIDERS[saved.provider as AlertProvider]}）`,
        before: before ? auditView(before) : undefined,
        after: auditView(saved),
      },
      tx,
    )
    return toChannel(saved)
  })
}

export async function deleteAlertChannel(id: number, actor: AlertActor) {
  const before = await prisma.alertChannel.findUnique({ where: { id } })
  if (!before) throw new ApiError(Code.NOT_FOUND, '告警通道不存在')
  await prisma.$transaction(async (tx) => {
    await tx.alertChannel.delete({ where: { id } })
    await recordAudit(
      { ...actor, entity: 'alertChannel', entityId: id, summary: `删除告警通道「${before.name}」`, before: auditView(before) },
      tx,
    )
  })
  return { id }
}

/** Sends a test message now and answers the provider's verdict in Chinese (also kept on the channel). */
export async function testAlertChannel(id: number) {
  const channel = await prisma.alertChannel.findUnique({ where: { id } })
  if (!channel) throw new ApiError(Code.NOT_FOUND, '告警通道不存在')
  try {
    const words = await deliverToChannel(channel, {
      kind: 'test',
      heading: '名师网告警测试',
      title: `这是一条测试消息：告警通道「${channel.name}」配置正确`,
      link: absoluteLink('/admin/system/alert'),
      at: new Date(clock.now()).toISOString(),
    })
    return { isSent: true, message: `发送成功：${words}` }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { isSent: false, message: `发送失败：${reason}${error instanceof JobRefusal ? '' : '（请稍后重试）'}` }
  }
}
