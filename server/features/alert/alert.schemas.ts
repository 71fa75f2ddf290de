import { z } from 'zod'
import { ALERT_KINDS, ALERT_PROVIDERS, type AlertKind, type AlertProvider } from '../../../common/notifications'
import { idField } from '../../lib/schemas'

const providers = Object.keys(ALERT_PROVIDERS) as [AlertProvider, ...AlertProvider[]]
const kinds = Object.keys(ALERT_KINDS) as [AlertKind, ...AlertKind[]]

export const ALERT_URL_MAX = 1000
export const ALERT_SECRET_MAX = 200

const urlField = z
  .string({ error: '请输入 Webhook 地址' })
  .trim()
  .min(1, { error: '请输入 Webhook 地址' })
  .max(ALERT_URL_MAX, { error: `Webhook 地址最多 ${ALERT_URL_MAX} 个字符` })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'Webhook 地址应为以 http:// 或 https:// 开头的完整网址',
  })

/**
 * Adds a channel (no id) or changes one. On a change, `url` and `secret` left out keep what is stored
 * (the console only ever sees them masked); `secret: ''` removes the signing secret.
 */
export const alertChannelSaveSchema = z
  .object({
    id: idField('通道 ID').optional(),
    name: z.string({ error: '请输入通道名称' }).trim().min(1, { error: '请输入通道名称' }).max(50, { error: '通道名称最多 50 个字' }),
    provider: z.enum(providers, { error: '通道类型应为 wecom（企业微信）、dingtalk（钉钉）、feishu（飞书）或 json' }),
    url: urlField.optional(),
    secret: z
      .string({ error: '签名密钥应为文字' })
      .trim()
      .max(ALERT_SECRET_MAX, { error: `签名密钥最多 ${ALERT_SECRET_MAX} 个字符` })
      .refine((value) => !/\s/.test(value), { error: '签名密钥不能包含空格' })
      .optional(),
    events: z
      .array(z.enum(kinds, { error: `事件应为 ${kinds.join('、')} 之一` }), { error: '事件应为列表' })
      .max(kinds.length, { error: '事件重复' })
      .default([])
      .transform((list) => [...new Set(list)]),
    enabled: z.boolean({ error: '启用状态应为 true 或 false' }).default(true),
  })
  .refine((input) => input.id !== undefined || input.url !== undefined, { error: '请输入 Webhook 地址', path: ['url'] })
export type AlertChannelSaveInput = z.infer<typeof alertChannelSaveSchema>

/** What the alert.deliver job carries (alert.service.ts raiseStaffAlert). */
export const alertJobSchema = z.object({
  channelId: z.number().int().positive(),
  kind: z.enum(kinds),
  title: z.string(),
  link: z.string().optional(),
  at: z.string().optional(),
})
export type AlertJobPayload = z.infer<typeof alertJobSchema>
