import crypto from 'node:crypto'
import type { SmsNotice, SmsProvider, SmsPurpose } from './sms-provider'

const DEFAULT_TIMEOUT_MS = 5000

export type AliyunSmsConfig = {
  accessKeyId: string
  accessKeySecret: string
  signName: string
  /** Template code (SMS_xxxxxxxx) per purpose; each template has one variable, `${code}`. */
  templates: Record<SmsPurpose, string>
  /**
   * Template code of an approved notice template (短信通知) with one variable, `${event}`; without it
   * the provider has no `notify` (account notices go by SMS only with a template to carry them).
   */
  noticeTemplate?: string
  /** Defaults to https://dysmsapi.aliyuncs.com/ ; tests point it at a local fake. */
  endpoint?: string
  regionId?: string
  timeoutMs?: number
}

/**
 * RFC 3986 encoding as Aliyun's RPC signature wants it: only A-Z a-z 0-9 - _ . ~ stay as they are,
 * everything else (UTF-8) becomes %XX in upper case, so a space is %20, `*` is %2A and `~` stays.
 */
export const aliyunPercentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** The parameters sorted by name and joined as `name=value&...`, both sides percent-encoded. */
export const aliyunCanonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(params[key])}`)
    .join('&')

/**
 * Aliyun RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0):
 * Base64(HMAC-SHA1(secret + "&", method + "&" + enc("/") + "&" + enc(canonicalQuery))).
 * `params` are all request parameters except Signature, not encoded.
 */
export function signAliyunRpc(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method.toUpperCase()}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`
  return crypto.createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64')
}

/** ISO 8601 in UTC without milliseconds, as the API documents it: 2025-01-31T08:00:00Z. */
const timestamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The error's message plus the network code behind it (ECONNREFUSED ...) when there is one. */
function reason(error: unknown) {
  if (!(error instanceof Error)) return String(error)
  const code = (error.cause as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? `${error.message} (${code})` : error.message
}

/**
 * Aliyun SMS (Dysmsapi SendSms, version 2017-05-25) over its documented RPC HTTP API: the form is
 * POSTed so the phone number and code stay out of URLs and access logs. Success is `Code: "OK"`;
 * anything else throws with Aliyun's code and message. Codes use the purpose's template, account
 * notices the notice template when one is configured.
 */
export function createAliyunSmsProvider(config: AliyunSmsConfig): SmsProvider {
  const endpoint = config.endpoint ?? 'https://dysmsapi.aliyuncs.com/'
  const sendSms = async (phone: string, templateCode: string, templateParam: Record<string, string>) => {
    const params: Record<string, string> = {
      AccessKeyId: config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: config.regionId ?? 'cn-hangzhou',
      SignName: config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: timestamp(new Date()),
      Version: '2017-05-25',
    }
    const signature = signAliyunRpc('POST', params, config.accessKeySecret)
    let status: number
    let text: string
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
        body: `${aliyunCanonicalQuery(params)}&Signature=${aliyunPercentEncode(signature)}`,
        signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      })
      status = res.status
      text = await res.text()
    } catch (error) {
      throw new Error(`Aliyun SMS request failed: ${reason(error)}`, { cause: error })
    }
    let answer: { Code?: unknown; Message?: unknown; RequestId?: unknown }
    try {
      answer = JSON.parse(text) as typeof answer
    } catch {
      throw new Error(`Aliyun SMS answered ${status} without JSON`)
    }
    if (answer?.Code === 'OK') return
    const requestId = typeof answer?.RequestId === 'string' ? ` (RequestId ${answer.RequestId})` : ''
    throw new Error(`Aliyun SMS ${String(answer?.Code ?? status)}: ${String(answer?.Message ?? '')}${requestId}`)
  }
  const noticeTemplate = config.noticeTemplate
  return {
    name: 'aliyun',
    send: ({ phone, code, purpose }) => sendSms(phone, config.templates[purpose], { code }),
    ...(noticeTemplate ? { notify: ({ phone, event }: SmsNotice) => sendSms(phone, noticeTemplate, { event }) } : {}),
  }
}
