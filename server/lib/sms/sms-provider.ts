import { env, type Env } from '../../env'
import { ApiError, Code } from '../api-error'
import { smsSends } from '../metrics'
import { createAliyunSmsProvider } from './aliyun-sms-provider'
import { createDevSmsProvider } from './dev-sms-provider'
import { createHttpSmsProvider } from './http-sms-provider'
import { createTencentSmsProvider } from './tencent-sms-provider'
import { smsSettingProblems } from './sms-settings'

export type SmsPurpose = 'register' | 'findPass'
export type SmsMessage = { phone: string; code: string; purpose: SmsPurpose }
/**
 * An account notice (issue 25). `text` is the whole message, for providers that send free text (dev,
 * HTTP bridge); `event` is a short phrase (at most SMS_EVENT_MAX characters, e.g. 登录密码已修改) for
 * the one variable of an approved notice template (Aliyun, Tencent). A provider without a way to send
 * it has no `notify`.
 */
export type SmsNotice = { phone: string; text: string; event: string }
export type SmsProvider = { name: string; send: (message: SmsMessage) => Promise<void>; notify?: (notice: SmsNotice) => Promise<void> }

/**
 * The longest notice event. Aliyun allows 1-35 characters in a notice template's variable, Tencent
 * 12 a variable for accounts verified as a person (none for a company): 12 fits everywhere.
 */
export const SMS_EVENT_MAX = 12

/** The part of the configuration that chooses and configures SMS delivery (server/env.ts). */
export type SmsEnv = Pick<
  Env,
  | 'isProduction'
  | 'smsProvider'
  | 'SMS_HTTP_URL'
  | 'SMS_HTTP_TOKEN'
  | 'ALIYUN_SMS_ACCESS_KEY_ID'
  | 'ALIYUN_SMS_ACCESS_KEY_SECRET'
  | 'ALIYUN_SMS_SIGN_NAME'
  | 'ALIYUN_SMS_TEMPLATE_REGISTER'
  | 'ALIYUN_SMS_TEMPLATE_FINDPASS'
  | 'ALIYUN_SMS_TEMPLATE_NOTICE'
  | 'ALIYUN_SMS_ENDPOINT'
  | 'ALIYUN_SMS_REGION'
  | 'TENCENT_SMS_SECRET_ID'
  | 'TENCENT_SMS_SECRET_KEY'
  | 'TENCENT_SMS_APP_ID'
  | 'TENCENT_SMS_SIGN_NAME'
  | 'TENCENT_SMS_TEMPLATE_REGISTER'
  | 'TENCENT_SMS_TEMPLATE_FINDPASS'
  | 'TENCENT_SMS_TEMPLATE_NOTICE'
  | 'TENCENT_SMS_REGION'
  | 'TENCENT_SMS_ENDPOINT'
>

/**
 * What keeps SMS from working as configured, worded for the operator, one variable per line (e.g.
 * "ALIYUN_SMS_ACCESS_KEY_ID: SMS_PROVIDER=aliyun 时必须设置 / …"), or null. server/env.ts refuses the
 * same problems while parsing the environment.
 */
export function smsConfigProblem(config: SmsEnv = env): string | null {
  const problems = smsSettingProblems(config)
  return problems.length ? problems.join('\n') : null
}

/**
 * The provider `config` chooses, every send counted for GET /metrics, or undefined when none is
 * chosen or its variables are missing.
 */
export function createSmsProvider(config: SmsEnv = env): SmsProvider | undefined {
  const provider = chosenProvider(config)
  return provider && counted(provider)
}

/** The provider with every send counted by provider, purpose and result. */
function counted(provider: SmsProvider): SmsProvider {
  return {
    name: provider.name,
    send: async (message) => {
      try {
        await provider.send(message)
      } catch (error) {
        smsSends.inc({ provider: provider.name, purpose: message.purpose, result: 'failed' })
        throw error
      }
      smsSends.inc({ provider: provider.name, purpose: message.purpose, result: 'sent' })
    },
    notify:
      provider.notify &&
      (async (notice) => {
        try {
          await provider.notify!(notice)
        } catch (error) {
          smsSends.inc({ provider: provider.name, purpose: 'notice', result: 'failed' })
          throw error
        }
        smsSends.inc({ provider: provider.name, purpose: 'notice', result: 'sent' })
      }),
  }
}

function chosenProvider(config: SmsEnv): SmsProvider | undefined {
  if (!config.smsProvider || config.smsProvider === 'off' || smsConfigProblem(config)) return undefined
  switch (config.smsProvider) {
    case 'dev':
      return createDevSmsProvider()
    case 'http':
      return createHttpSmsProvider(config.SMS_HTTP_URL!, config.SMS_HTTP_TOKEN)
    case 'aliyun':
      return createAliyunSmsProvider({
        accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
        accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
        signName: config.ALIYUN_SMS_SIGN_NAME!,
        templates: { register: config.ALIYUN_SMS_TEMPLATE_REGISTER!, findPass: config.ALIYUN_SMS_TEMPLATE_FINDPASS! },
        noticeTemplate: config.ALIYUN_SMS_TEMPLATE_NOTICE?.trim() || undefined,
        endpoint: config.ALIYUN_SMS_ENDPOINT,
        regionId: config.ALIYUN_SMS_REGION,
      })
    case 'tencent':
      return createTencentSmsProvider({
        secretId: config.TENCENT_SMS_SECRET_ID!,
        secretKey: config.TENCENT_SMS_SECRET_KEY!,
        appId: config.TENCENT_SMS_APP_ID!,
        signName: config.TENCENT_SMS_SIGN_NAME!,
        templates: { register: config.TENCENT_SMS_TEMPLATE_REGISTER!, findPass: config.TENCENT_SMS_TEMPLATE_FINDPASS! },
        noticeTemplate: config.TENCENT_SMS_TEMPLATE_NOTICE?.trim() || undefined,
        region: config.TENCENT_SMS_REGION,
        endpoint: config.TENCENT_SMS_ENDPOINT,
      })
  }
}

let current: SmsProvider | undefined

/**
 * The provider chosen by SMS_PROVIDER. In production nothing is chosen by default, so a deployment
 * that forgot to configure SMS refuses to send instead of silently writing codes to the log; a
 * chosen provider whose variables are missing refuses the same way (smsConfigProblem says why).
 */
export function smsProvider(): SmsProvider {
  if (!smsEnabled()) throw new ApiError(Code.FORBIDDEN, SMS_OFF_MESSAGE)
  current ??= createSmsProvider()
  if (!current) throw new ApiError(Code.SERVER_ERROR, '短信服务未配置，请联系管理员')
  return current
}

export const SMS_OFF_MESSAGE = '本站暂未开通短信服务，暂不能注册或找回密码，请联系网站管理员'

/** False when the operator turned SMS off (SMS_PROVIDER=off): registration and recovery are unavailable. */
export const smsEnabled = (config: Pick<SmsEnv, 'smsProvider'> = env) => config.smsProvider !== 'off'

/**
 * Whether account notices can go by SMS: the configured provider has `notify` (dev and HTTP always;
 * Aliyun and Tencent only with their notice template set). Read from the configuration each time,
 * so it never disagrees with the provider smsProvider() builds from the same settings.
 */
export const smsNoticesAvailable = (config: SmsEnv = env) => smsEnabled(config) && Boolean(createSmsProvider(config)?.notify)
