import crypto from 'node:crypto'
import type { SmsNotice, SmsProvider, SmsPurpose } from './sms-provider'

const DEFAULT_TIMEOUT_MS = 5000
const CONTENT_TYPE = 'application/json; charset=utf-8'
const ALGORITHM = 'TC3-HMAC-SHA256'

export type TencentSmsConfig = {
  secretId: string
  secretKey: string
  /** SmsSdkAppId of the SMS application (1400...). */
  appId: string
  signName: string
  /** Template id per purpose; each template has one variable, {1}, the code. */
  templates: Record<SmsPurpose, string>
  /**
   * Template id of an approved notice template (通知短信) with one variable, {1}, the event; without it
   * the provider has no `notify` (account notices go by SMS only with a template to carry them).
   */
  noticeTemplate?: string
  region?: string
  /** Defaults to https://sms.tencentcloudapi.com/ ; tests point it at a local fake. */
  endpoint?: string
  timeoutMs?: number
}

export type Tc3Input = {
  secretId: string
  secretKey: string
  /** Product name of the credential scope: "sms" here. */
  service: string
  /** Unix seconds, the X-TC-Timestamp header. */
  timestamp: number
  /** The exact request body. */
  payload: string
  /** The signed headers, name to value (content-type and host at least). */
  headers: Record<string, string>
  method?: string
  query?: string
}

const sha256Hex = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex')
const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text, 'utf8').digest()

/**
 * Tencent Cloud API 3.0 signature v3 (TC3-HMAC-SHA256): canonical request, string to sign with the
 * UTC date's credential scope, key derived as HMAC chain "TC3"+key -> date -> service -> tc3_request.
 * Header names and values are signed lower-cased and trimmed, sorted by name.
 */
export function signTc3(input: Tc3Input) {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10)
  const headers = Object.entries(input.headers)
    .map(([name, value]) => [name.trim().toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join('')
  const signedHeaders = headers.map(([name]) => name).join(';')
  const canonicalRequest = [
    (input.method ?? 'POST').toUpperCase(),
    '/',
    input.query ?? '',
    canonicalHeaders,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n')
  const credentialScope = `${date}/${input.service}/tc3_request`
  const stringToSign = [ALGORITHM, String(input.timestamp), credentialScope, sha256Hex(canonicalRequest)].join('\n')
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request')
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex')
  const authorization = `${ALGORITHM} Credential=${input.secretId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
  return { authorization, signature, signedHeaders, credentialScope, canonicalRequest, stringToSign }
}

/** The error's message plus the network code behind it (ECONNREFUSED ...) when there is one. */
function reason(error: unknown) {
  if (!(error instanceof Error)) return String(error)
  const code = (error.cause as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? `${error.message} (${code})` : error.message
}

type SendSmsAnswer = {
  Response?: {
    Error?: { Code?: string; Message?: string }
    SendStatusSet?: { Code?: string; Message?: string }[]
    RequestId?: string
  }
}

/**
 * Tencent Cloud SMS (SendSms, version 2021-01-11) over its documented JSON API with TC3 signing.
 * Mainland numbers get the +86 prefix. Success is SendStatusSet[0].Code "Ok"; a Response.Error or
 * any other status throws with Tencent's code and message. Codes use the purpose's template,
 * account notices the notice template when one is configured.
 */
export function createTencentSmsProvider(config: TencentSmsConfig): SmsProvider {
  const endpoint = config.endpoint ?? 'https://sms.tencentcloudapi.com/'
  const host = new URL(endpoint).host
  const sendSms = async (phone: string, templateId: string, templateParams: string[]) => {
    const payload = JSON.stringify({
      PhoneNumberSet: [phone.startsWith('+') ? phone : `+86${phone}`],
      SmsSdkAppId: config.appId,
      SignName: config.signName,
      TemplateId: templateId,
      TemplateParamSet: templateParams,
    })
    const timestamp = Math.floor(Date.now() / 1000)
    const { authorization } = signTc3({
      secretId: config.secretId,
      secretKey: config.secretKey,
      service: 'sms',
      timestamp,
      payload,
      headers: { 'content-type': CONTENT_TYPE, host, 'x-tc-action': 'SendSms' },
    })
    let status: number
    let text: string
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': CONTENT_TYPE,
          Host: host,
          'X-TC-Action': 'SendSms',
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Version': '2021-01-11',
          'X-TC-Region': config.region ?? 'ap-guangzhou',
        },
        body: payload,
        signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      })
      status = res.status
      text = await res.text()
    } catch (error) {
      throw new Error(`Tencent SMS request failed: ${reason(error)}`, { cause: error })
    }
    let answer: SendSmsAnswer
    try {
      answer = JSON.parse(text) as SendSmsAnswer
    } catch {
      throw new Error(`Tencent SMS answered ${status} without JSON`)
    }
    const response = answer?.Response
    const requestId = response?.RequestId ? ` (RequestId ${response.RequestId})` : ''
    if (response?.Error) throw new Error(`Tencent SMS ${response.Error.Code}: ${response.Error.Message ?? ''}${requestId}`)
    const sent = response?.SendStatusSet?.[0]
    if (sent?.Code === 'Ok') return
    if (sent) throw new Error(`Tencent SMS ${sent.Code}: ${sent.Message ?? ''}${requestId}`)
    throw new Error(`Tencent SMS answered ${status} without a send status${requestId}`)
  }
  const noticeTemplate = config.noticeTemplate
  return {
    name: 'tencent',
    send: ({ phone, code, purpose }) => sendSms(phone, config.templates[purpose], [code]),
    ...(noticeTemplate ? { notify: ({ phone, event }: SmsNotice) => sendSms(phone, noticeTemplate, [event]) } : {}),
  }
}
