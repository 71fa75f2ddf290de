// The Aliyun and Tencent Cloud SMS providers against local fakes that check each request the way the
// documented APIs do: the signature is recomputed from the received request with the secret, and a
// mismatch is refused in the provider's own error shape.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { projectRoot } from '../database-url'
import { aliyunPercentEncode, createAliyunSmsProvider, signAliyunRpc, type AliyunSmsConfig } from './aliyun-sms-provider'
import { parseEnvironment } from '../../env'
import type { ConfigError } from '../config-error'
import { createSmsProvider, smsConfigProblem, smsEnabled, smsNoticesAvailable, type SmsEnv } from './sms-provider'
import { createTencentSmsProvider, signTc3, type TencentSmsConfig } from './tencent-sms-provider'

type Answer = { status?: number; json: unknown } | 'hang'
type Handler = (req: http.IncomingMessage, body: string) => Answer

/** A local HTTP server on 127.0.0.1:0; `hang` answers never come, so the caller's timeout fires. */
async function startFake(handler: Handler) {
  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const answer = handler(req, body)
      if (answer === 'hang') return
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json;charset=utf-8' }).end(JSON.stringify(answer.json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A port nothing listens on. */
async function closedPortUrl() {
  const fake = await startFake(() => ({ json: {} }))
  await fake.close()
  return fake.url
}

/** A delivered code (`code`) or account notice (`event`). */
type Delivery = { phone: string; template: string; code?: string; event?: string }

// ---------------------------------------------------------------------------------------------
// Aliyun Dysmsapi SendSms (RPC style, version 2017-05-25)
// ---------------------------------------------------------------------------------------------

const ALIYUN = {
  accessKeyId: 'LTAI5tTestAccessKeyId',
  accessKeySecret: 'aliyun-test-secret',
  signName: '名师门户',
  templates: { register: 'SMS_100000001', findPass: 'SMS_100000002' },
  noticeTemplate: 'SMS_100000003',
}

/**
 * Dysmsapi as documented: common parameters, a fresh nonce and a timestamp within 15 minutes, the
 * HMAC-SHA1 signature over the received parameters, then the SendSms parameters. `business` lets a
 * test answer a business error after the checks.
 */
function aliyunFake(business?: () => object) {
  const delivered: Delivery[] = []
  const nonces = new Set<string>()
  const error = (status: number, Code: string, Message: string) => ({
    status,
    json: {
      RequestId: crypto.randomUUID(),
      HostId: 'dysmsapi.aliyuncs.com',
      Code,
      Message,
      Recommend: 'https://api.aliyun.com/troubleshoot',
    },
  })
  const handler: Handler = (req, body) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (url.pathname !== '/') return error(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.')
    if (req.method === 'POST' && !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return error(400, 'InvalidParameter', 'The request body must be form encoded.')
    const params: Record<string, string> = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)])
    for (const name of [
      'AccessKeyId',
      'Action',
      'Format',
      'SignatureMethod',
      'SignatureNonce',
      'SignatureVersion',
      'Timestamp',
      'Version',
      'Signature',
    ])
      if (!params[name])
        return error(
          400,
          'MissingParameter',
          `The input parameter "${name}" that is mandatory for processing this request is not supplied.`,
        )
    if (params.Action !== 'SendSms' || params.Version !== '2017-05-25')
      return error(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.')
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0')
      return error(400, 'InvalidSignatureMethod', 'Specified signature method is not supported.')
    if (params.Format !== 'JSON' || params.RegionId !== 'cn-hangzhou')
      return error(400, 'InvalidParameter', 'Format or RegionId is invalid.')
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp))
      return error(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.')
    if (Math.abs(Date.parse(params.Timestamp) - Date.now()) > 15 * 60_000)
      return error(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.')
    if (params.AccessKeyId !== ALIYUN.accessKeyId) return error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.')
    if (nonces.has(params.SignatureNonce)) return error(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.')
    nonces.add(params.SignatureNonce)
    const { Signature: received, ...signed } = params
    if (received !== signAliyunRpc(req.method ?? '', signed, ALIYUN.accessKeySecret))
      return error(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.')

    const ok = (status: object) => ({ json: { RequestId: crypto.randomUUID(), ...status } })
    if (!/^1[3-9]\d{9}$/.test(params.PhoneNumbers ?? '')) return ok({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' })
    if (params.SignName !== ALIYUN.signName) return ok({ Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '该账号下找不到对应签名' })
    const isNotice = params.TemplateCode === ALIYUN.noticeTemplate
    if (!isNotice && !Object.values(ALIYUN.templates).includes(params.TemplateCode ?? ''))
      return ok({ Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板' })
    let variables: { code?: unknown; event?: unknown }
    try {
      variables = JSON.parse(params.TemplateParam ?? '') as typeof variables
    } catch {
      return ok({ Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' })
    }
    // A code template's `${code}` is 4-6 digits; the notice template's `${event}` 1-35 characters.
    const value = isNotice ? variables.event : variables.code
    if (typeof value !== 'string' || !(isNotice ? value.length >= 1 && value.length <= 35 : /^\d{6}$/.test(value)))
      return ok({ Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模板变量缺少对应参数值' })
    const refusal = business?.()
    if (refusal) return ok(refusal)
    delivered.push({ phone: params.PhoneNumbers, template: params.TemplateCode, [isNotice ? 'event' : 'code']: value })
    return ok({ Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` })
  }
  return { handler, delivered }
}

const aliyunProvider = (endpoint: string, extra: Partial<AliyunSmsConfig> = {}) =>
  createAliyunSmsProvider({ ...ALIYUN, endpoint, ...extra })

describe('Aliyun SMS provider', () => {
  test('the signature matches the worked example of the Aliyun RPC signature documentation', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    }
    expect(signAliyunRpc('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=')
  })

  test('percent-encoding follows RFC 3986 with Aliyun’s rules', () => {
    expect(aliyunPercentEncode("a b*c~d!'()+/:")).toBe('a%20b%2Ac~d%21%27%28%29%2B%2F%3A')
    expect(aliyunPercentEncode('名')).toBe('%E5%90%8D')
  })

  test('a register code and a findPass code are delivered with their templates', async () => {
    const fake = aliyunFake()
    const server = await startFake(fake.handler)
    try {
      const provider = aliyunProvider(server.url)
      expect(provider.name).toBe('aliyun')
      await provider.send({ phone: '13800138000', code: '123456', purpose: 'register' })
      await provider.send({ phone: '13900139000', code: '654321', purpose: 'findPass' })
    } finally {
      await server.close()
    }
    expect(fake.delivered).toEqual([
      { phone: '13800138000', template: 'SMS_100000001', code: '123456' },
      { phone: '13900139000', template: 'SMS_100000002', code: '654321' },
    ])
  })

  test('an account notice goes with the notice template, signed like the codes, its one variable the event', async () => {
    const fake = aliyunFake()
    const server = await startFake(fake.handler)
    try {
      await aliyunProvider(server.url).notify!({ phone: '13800138000', text: '【名师网】您的登录密码已修改：…', event: '登录密码已修改' })
      const forged = aliyunProvider(server.url, { accessKeySecret: 'not-the-secret' }).notify!({
        phone: '13800138000',
        text: '…',
        event: '在新设备上登录',
      })
      await expect(forged).rejects.toThrow(/^Aliyun SMS SignatureDoesNotMatch: /)
    } finally {
      await server.close()
    }
    expect(fake.delivered).toEqual([{ phone: '13800138000', template: 'SMS_100000003', event: '登录密码已修改' }])
  })

  test('without a notice template there is no notify', () => {
    expect(aliyunProvider('http://127.0.0.1:1/', { noticeTemplate: undefined }).notify).toBeUndefined()
    expect(aliyunProvider('http://127.0.0.1:1/', { noticeTemplate: '' }).notify).toBeUndefined()
  })

  test('a wrong secret is refused by the signature check', async () => {
    const fake = aliyunFake()
    const server = await startFake(fake.handler)
    try {
      const send = aliyunProvider(server.url, { accessKeySecret: 'not-the-secret' }).send({
        phone: '13800138000',
        code: '123456',
        purpose: 'register',
      })
      await expect(send).rejects.toThrow(/^Aliyun SMS SignatureDoesNotMatch: Specified signature is not matched/)
    } finally {
      await server.close()
    }
    expect(fake.delivered).toEqual([])
  })

  test('a business error answer rejects with Aliyun’s code and message', async () => {
    const fake = aliyunFake(() => ({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' }))
    const server = await startFake(fake.handler)
    try {
      const send = aliyunProvider(server.url).send({ phone: '13800138000', code: '123456', purpose: 'register' })
      await expect(send).rejects.toThrow(/^Aliyun SMS isv\.BUSINESS_LIMIT_CONTROL: 触发分钟级流控Permits:1 \(RequestId /)
    } finally {
      await server.close()
    }
  })

  test('a gateway that does not answer in time, or cannot be reached, rejects', async () => {
    const server = await startFake(() => 'hang')
    try {
      const send = aliyunProvider(server.url, { timeoutMs: 200 }).send({ phone: '13800138000', code: '123456', purpose: 'register' })
      await expect(send).rejects.toThrow(/^Aliyun SMS request failed: .*timeout/)
    } finally {
      await server.close()
    }
    const unreachable = aliyunProvider(await closedPortUrl()).send({ phone: '13800138000', code: '123456', purpose: 'register' })
    await expect(unreachable).rejects.toThrow(/^Aliyun SMS request failed: fetch failed/)
  })

  test('an answer that is not JSON rejects', async () => {
    const server = http.createServer((_req, res) => res.writeHead(502).end('<html>Bad Gateway</html>'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const send = aliyunProvider(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).send({
        phone: '13800138000',
        code: '123456',
        purpose: 'register',
      })
      await expect(send).rejects.toThrow('Aliyun SMS answered 502 without JSON')
    } finally {
      server.close()
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Tencent Cloud SMS SendSms (API 3.0, version 2021-01-11, TC3-HMAC-SHA256)
// ---------------------------------------------------------------------------------------------

const TENCENT = {
  secretId: 'AKIDTestSecretId0123456789',
  secretKey: 'tencent-test-secret-key',
  appId: '1400000001',
  signName: '名师门户',
  templates: { register: '100001', findPass: '100002' },
  noticeTemplate: '100003',
}

const AUTHORIZATION =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/

/**
 * sms.tencentcloudapi.com as documented: common headers, a timestamp within 5 minutes, the TC3
 * signature recomputed over the signed headers and the raw body, then the SendSms parameters.
 * `business` lets a test answer a per-number status or an error after the checks.
 */
function tencentFake(business?: () => { status?: object; error?: object }) {
  const delivered: Delivery[] = []
  const error = (Code: string, Message: string) => ({ json: { Response: { Error: { Code, Message }, RequestId: crypto.randomUUID() } } })
  const handler: Handler = (req, body) => {
    if (req.method !== 'POST' || req.url !== '/') return error('UnsupportedOperation', 'Only POST / is supported here.')
    if (req.headers['content-type'] !== 'application/json; charset=utf-8')
      return error('InvalidParameter', 'Content-Type must be application/json; charset=utf-8.')
    if (req.headers['x-tc-action'] !== 'SendSms') return error('InvalidAction', 'The action does not exist.')
    if (req.headers['x-tc-version'] !== '2021-01-11') return error('NoSuchVersion', 'The API version does not exist.')
    if (req.headers['x-tc-region'] !== 'ap-guangzhou') return error('InvalidParameterValue', 'The region is not supported.')
    const timestamp = Number(req.headers['x-tc-timestamp'])
    if (!Number.isInteger(timestamp) || Math.abs(timestamp - Date.now() / 1000) > 300)
      return error('AuthFailure.SignatureExpire', 'Signature expired. Timestamp and server time cannot differ by more than 5 minutes.')
    const auth = AUTHORIZATION.exec(req.headers.authorization ?? '')
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization header format error.')
    const [, secretId, , service, signedHeaders] = auth
    if (secretId !== TENCENT.secretId)
      return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.')
    const names = signedHeaders.split(';')
    if (service !== 'sms' || !names.includes('content-type') || !names.includes('host'))
      return error('AuthFailure.InvalidAuthorization', 'The credential scope or the signed headers are invalid.')
    const headers = Object.fromEntries(names.map((name) => [name, String(req.headers[name] ?? '')]))
    const expected = signTc3({ secretId, secretKey: TENCENT.secretKey, service: 'sms', timestamp, payload: body, headers })
    if (req.headers.authorization !== expected.authorization)
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      )

    let input: { PhoneNumberSet?: unknown; SmsSdkAppId?: unknown; SignName?: unknown; TemplateId?: unknown; TemplateParamSet?: unknown }
    try {
      input = JSON.parse(body) as typeof input
    } catch {
      return error('InvalidParameter', 'The request body is not valid JSON.')
    }
    const phones = input.PhoneNumberSet
    if (!Array.isArray(phones) || phones.length !== 1 || !/^\+861[3-9]\d{9}$/.test(String(phones[0])))
      return error('InvalidParameterValue.IncorrectPhoneNumber', 'Incorrect phone number format.')
    if (input.SmsSdkAppId !== TENCENT.appId) return error('FailedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verification failed.')
    if (input.SignName !== TENCENT.signName)
      return error('FailedOperation.SignatureIncorrectOrUnapproved', 'The signature is incorrect or unapproved.')
    const isNotice = input.TemplateId === TENCENT.noticeTemplate
    if (!isNotice && !Object.values(TENCENT.templates).includes(String(input.TemplateId)))
      return error('FailedOperation.TemplateIncorrectOrUnapproved', 'The template is incorrect or unapproved.')
    // A code is 6 digits; the notice's {1} at most 12 characters (the cap for accounts verified as a person).
    const params = input.TemplateParamSet
    const isValid = (value: unknown) =>
      typeof value === 'string' && (isNotice ? value.length >= 1 && value.length <= 12 : /^\d{6}$/.test(value))
    if (!Array.isArray(params) || params.length !== 1 || !isValid(params[0]))
      return error('InvalidParameterValue.TemplateParameterFormatError', 'The template parameters do not match the template.')

    const phone = String(phones[0])
    const status = { SerialNo: '', PhoneNumber: phone, Fee: 0, SessionContext: '', IsoCode: 'CN' }
    const refusal = business?.()
    if (refusal?.error) return { json: { Response: { Error: refusal.error, RequestId: crypto.randomUUID() } } }
    if (refusal?.status)
      return { json: { Response: { SendStatusSet: [{ ...status, ...refusal.status }], RequestId: crypto.randomUUID() } } }
    delivered.push({ phone, template: String(input.TemplateId), [isNotice ? 'event' : 'code']: String(params[0]) })
    const sent = { ...status, SerialNo: `2433:${Date.now()}`, Fee: 1, Code: 'Ok', Message: 'send success' }
    return { json: { Response: { SendStatusSet: [sent], RequestId: crypto.randomUUID() } } }
  }
  return { handler, delivered }
}

const tencentProvider = (endpoint: string, extra: Partial<TencentSmsConfig> = {}) =>
  createTencentSmsProvider({ ...TENCENT, endpoint, ...extra })

describe('Tencent Cloud SMS provider', () => {
  test('the signature matches the worked example of the Tencent Cloud signature v3 documentation', () => {
    const signed = signTc3({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      headers: { 'Content-Type': 'application/json; charset=utf-8', Host: 'cvm.tencentcloudapi.com' },
    })
    expect(signed.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    )
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, ' +
        'Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    )
  })

  test('a register code and a findPass code are delivered with their templates', async () => {
    const fake = tencentFake()
    const server = await startFake(fake.handler)
    try {
      const provider = tencentProvider(server.url)
      expect(provider.name).toBe('tencent')
      await provider.send({ phone: '13800138000', code: '123456', purpose: 'register' })
      await provider.send({ phone: '13900139000', code: '654321', purpose: 'findPass' })
    } finally {
      await server.close()
    }
    expect(fake.delivered).toEqual([
      { phone: '+8613800138000', template: '100001', code: '123456' },
      { phone: '+8613900139000', template: '100002', code: '654321' },
    ])
  })

  test('an account notice goes with the notice template, signed like the codes, its one parameter the event', async () => {
    const fake = tencentFake()
    const server = await startFake(fake.handler)
    try {
      await tencentProvider(server.url).notify!({
        phone: '13800138000',
        text: '【名师网】您的账号在新设备上登录：…',
        event: '在新设备上登录',
      })
      const forged = tencentProvider(server.url, { secretKey: 'not-the-secret' }).notify!({
        phone: '13800138000',
        text: '…',
        event: '登录密码已修改',
      })
      await expect(forged).rejects.toThrow(/^Tencent SMS AuthFailure\.SignatureFailure: /)
    } finally {
      await server.close()
    }
    expect(fake.delivered).toEqual([{ phone: '+8613800138000', template: '100003', event: '在新设备上登录' }])
  })

  test('without a notice template there is no notify', () => {
    expect(tencentProvider('http://127.0.0.1:1/', { noticeTemplate: undefined }).notify).toBeUndefined()
  })

  test('a wrong secret is refused by the signature check', async () => {
    const fake = tencentFake()
    const server = await startFake(fake.handler)
    try {
      const send = tencentProvider(server.url, { secretKey: 'not-the-secret' }).send({
        phone: '13800138000',
        code: '123456',
        purpose: 'register',
      })
      await expect(send).rejects.toThrow(/^Tencent SMS AuthFailure\.SignatureFailure: The provided credentials could not be validated/)
    } finally {
      await server.close()
    }
    expect(fake.delivered).toEqual([])
  })

  test('a per-number limit or an API error rejects with Tencent’s code and message', async () => {
    let answer: { status?: object; error?: object } = {
      status: {
        Code: 'LimitExceeded.PhoneNumberThirtySecondLimit',
        Message: 'the number of sms messages sent from a single mobile number within 30 seconds exceeds the upper limit',
      },
    }
    const server = await startFake(tencentFake(() => answer).handler)
    try {
      const provider = tencentProvider(server.url)
      await expect(provider.send({ phone: '13800138000', code: '123456', purpose: 'register' })).rejects.toThrow(
        /^Tencent SMS LimitExceeded\.PhoneNumberThirtySecondLimit: the number of sms messages/,
      )
      answer = { error: { Code: 'LimitExceeded', Message: 'The request exceeds the frequency limit.' } }
      await expect(provider.send({ phone: '13800138000', code: '123456', purpose: 'findPass' })).rejects.toThrow(
        /^Tencent SMS LimitExceeded: The request exceeds the frequency limit\. \(RequestId /,
      )
    } finally {
      await server.close()
    }
  })

  test('a gateway that does not answer in time, or cannot be reached, rejects', async () => {
    const server = await startFake(() => 'hang')
    try {
      const send = tencentProvider(server.url, { timeoutMs: 200 }).send({ phone: '13800138000', code: '123456', purpose: 'register' })
      await expect(send).rejects.toThrow(/^Tencent SMS request failed: .*timeout/)
    } finally {
      await server.close()
    }
    const unreachable = tencentProvider(await closedPortUrl()).send({ phone: '13800138000', code: '123456', purpose: 'register' })
    await expect(unreachable).rejects.toThrow(/^Tencent SMS request failed: fetch failed/)
  })
})

// ---------------------------------------------------------------------------------------------
// Choosing a provider from the configuration
// ---------------------------------------------------------------------------------------------

const FULL: SmsEnv = {
  isProduction: false,
  smsProvider: 'aliyun',
  SMS_HTTP_URL: 'http://127.0.0.1:1/send',
  ALIYUN_SMS_ACCESS_KEY_ID: ALIYUN.accessKeyId,
  ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN.accessKeySecret,
  ALIYUN_SMS_SIGN_NAME: ALIYUN.signName,
  ALIYUN_SMS_TEMPLATE_REGISTER: ALIYUN.templates.register,
  ALIYUN_SMS_TEMPLATE_FINDPASS: ALIYUN.templates.findPass,
  ALIYUN_SMS_ENDPOINT: 'https://dysmsapi.aliyuncs.com/',
  ALIYUN_SMS_REGION: 'cn-hangzhou',
  TENCENT_SMS_SECRET_ID: TENCENT.secretId,
  TENCENT_SMS_SECRET_KEY: TENCENT.secretKey,
  TENCENT_SMS_APP_ID: TENCENT.appId,
  TENCENT_SMS_SIGN_NAME: TENCENT.signName,
  TENCENT_SMS_TEMPLATE_REGISTER: TENCENT.templates.register,
  TENCENT_SMS_TEMPLATE_FINDPASS: TENCENT.templates.findPass,
  TENCENT_SMS_REGION: 'ap-guangzhou',
  TENCENT_SMS_ENDPOINT: 'https://sms.tencentcloudapi.com/',
}

describe('SMS configuration', () => {
  test('smsConfigProblem names every missing variable of the chosen provider, one per line', () => {
    expect(smsConfigProblem(FULL)).toBeNull()
    expect(smsConfigProblem({ ...FULL, smsProvider: 'tencent' })).toBeNull()
    expect(smsConfigProblem({ ...FULL, smsProvider: 'dev' })).toBeNull()
    expect(smsConfigProblem({ ...FULL, smsProvider: undefined })).toBeNull()

    const missing = (provider: string, ...names: string[]) =>
      names.map((name) => `${name}: SMS_PROVIDER=${provider} 时必须设置 / required when SMS_PROVIDER=${provider}`).join('\n')
    expect(smsConfigProblem({ ...FULL, ALIYUN_SMS_ACCESS_KEY_ID: undefined })).toBe(missing('aliyun', 'ALIYUN_SMS_ACCESS_KEY_ID'))
    expect(smsConfigProblem({ ...FULL, ALIYUN_SMS_SIGN_NAME: ' ', ALIYUN_SMS_TEMPLATE_FINDPASS: undefined })).toBe(
      missing('aliyun', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_FINDPASS'),
    )
    expect(smsConfigProblem({ ...FULL, ALIYUN_SMS_TEMPLATE_FINDPASS: '' })).toBe(missing('aliyun', 'ALIYUN_SMS_TEMPLATE_FINDPASS'))
    expect(smsConfigProblem({ ...FULL, smsProvider: 'tencent', TENCENT_SMS_SECRET_KEY: undefined, TENCENT_SMS_APP_ID: undefined })).toBe(
      missing('tencent', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_APP_ID'),
    )
    expect(smsConfigProblem({ ...FULL, smsProvider: 'tencent', TENCENT_SMS_TEMPLATE_REGISTER: undefined })).toBe(
      missing('tencent', 'TENCENT_SMS_TEMPLATE_REGISTER'),
    )
    expect(smsConfigProblem({ ...FULL, smsProvider: 'http', SMS_HTTP_URL: undefined })).toBe(missing('http', 'SMS_HTTP_URL'))

    expect(createSmsProvider({ ...FULL, ALIYUN_SMS_ACCESS_KEY_SECRET: undefined })).toBeUndefined()
    expect(createSmsProvider({ ...FULL, smsProvider: undefined })).toBeUndefined()
    expect(createSmsProvider({ ...FULL, smsProvider: 'off' })).toBeUndefined()
  })

  test('production must choose a real provider or turn SMS off', () => {
    const production = { ...FULL, isProduction: true }
    expect(smsConfigProblem({ ...production, smsProvider: undefined })).toMatch(/^SMS_PROVIDER: 生产环境必须设置/)
    expect(smsConfigProblem({ ...production, smsProvider: 'dev' })).toMatch(/^SMS_PROVIDER: dev 只把验证码写进日志/)
    expect(smsConfigProblem({ ...production, smsProvider: 'off' })).toBeNull()
    expect(smsConfigProblem(production)).toBeNull()
    expect(smsEnabled({ smsProvider: 'off' })).toBe(false)
    expect(smsEnabled({ smsProvider: 'aliyun' })).toBe(true)
  })

  test('the variables reach the chosen provider: endpoint, region, sign name and templates', async () => {
    const aliyun = aliyunFake()
    const tencent = tencentFake()
    const [aliyunServer, tencentServer] = await Promise.all([startFake(aliyun.handler), startFake(tencent.handler)])
    try {
      const viaAliyun = createSmsProvider({ ...FULL, ALIYUN_SMS_ENDPOINT: aliyunServer.url })
      const viaTencent = createSmsProvider({ ...FULL, smsProvider: 'tencent', TENCENT_SMS_ENDPOINT: tencentServer.url })
      expect([viaAliyun?.name, viaTencent?.name]).toEqual(['aliyun', 'tencent'])
      await viaAliyun?.send({ phone: '13800138000', code: '111111', purpose: 'findPass' })
      await viaTencent?.send({ phone: '13800138000', code: '222222', purpose: 'register' })
    } finally {
      await Promise.all([aliyunServer.close(), tencentServer.close()])
    }
    expect(aliyun.delivered).toEqual([{ phone: '13800138000', template: 'SMS_100000002', code: '111111' }])
    expect(tencent.delivered).toEqual([{ phone: '+8613800138000', template: '100001', code: '222222' }])
  })

  test('a notice template gives its own provider notify; SMS notices are available only with a notify', () => {
    const withNotices = { ...FULL, ALIYUN_SMS_TEMPLATE_NOTICE: ALIYUN.noticeTemplate, TENCENT_SMS_TEMPLATE_NOTICE: TENCENT.noticeTemplate }
    expect(createSmsProvider(FULL)?.notify).toBeUndefined()
    expect(createSmsProvider({ ...FULL, smsProvider: 'tencent' })?.notify).toBeUndefined()
    expect(createSmsProvider(withNotices)?.notify).toEqual(expect.any(Function))
    expect(createSmsProvider({ ...withNotices, smsProvider: 'tencent' })?.notify).toEqual(expect.any(Function))
    // Each provider reads only its own notice template.
    expect(createSmsProvider({ ...FULL, TENCENT_SMS_TEMPLATE_NOTICE: '100003' })?.notify).toBeUndefined()
    expect(createSmsProvider({ ...FULL, ALIYUN_SMS_TEMPLATE_NOTICE: ' ' })?.notify).toBeUndefined()

    expect(smsNoticesAvailable(FULL)).toBe(false)
    expect(smsNoticesAvailable(withNotices)).toBe(true)
    expect(smsNoticesAvailable({ ...withNotices, smsProvider: 'tencent' })).toBe(true)
    expect(smsNoticesAvailable({ ...FULL, smsProvider: 'dev' })).toBe(true)
    expect(smsNoticesAvailable({ ...FULL, smsProvider: 'http' })).toBe(true)
    expect(smsNoticesAvailable({ ...withNotices, smsProvider: 'off' })).toBe(false)
    expect(smsNoticesAvailable({ ...withNotices, ALIYUN_SMS_SIGN_NAME: undefined })).toBe(false)
  })

  test('a notice template without its provider’s other settings is unused, never a configuration problem', () => {
    const base = { ...process.env, NODE_ENV: 'test', ALIYUN_SMS_TEMPLATE_NOTICE: 'SMS_100000003', TENCENT_SMS_TEMPLATE_NOTICE: '100003' }
    expect(() => parseEnvironment({ ...base, SMS_PROVIDER: 'off' })).not.toThrow()
    expect(() => parseEnvironment({ ...base, SMS_PROVIDER: 'dev' })).not.toThrow()
    expect(smsConfigProblem({ ...FULL, ALIYUN_SMS_TEMPLATE_NOTICE: 'SMS_100000003', ALIYUN_SMS_ACCESS_KEY_ID: undefined })).toBe(
      'ALIYUN_SMS_ACCESS_KEY_ID: SMS_PROVIDER=aliyun 时必须设置 / required when SMS_PROVIDER=aliyun',
    )
    let problems: string[] = []
    try {
      parseEnvironment({ ...base, SMS_PROVIDER: 'tencent' })
    } catch (error) {
      problems = (error as ConfigError).problems
    }
    expect(problems).toEqual(
      ['SECRET_ID', 'SECRET_KEY', 'APP_ID', 'SIGN_NAME', 'TEMPLATE_REGISTER', 'TEMPLATE_FINDPASS'].map(
        (name) => `TENCENT_SMS_${name}: SMS_PROVIDER=tencent 时必须设置 / required when SMS_PROVIDER=tencent`,
      ),
    )
  })

  test('the notice templates reach the chosen provider', async () => {
    const aliyun = aliyunFake()
    const tencent = tencentFake()
    const [aliyunServer, tencentServer] = await Promise.all([startFake(aliyun.handler), startFake(tencent.handler)])
    const withNotices = { ...FULL, ALIYUN_SMS_TEMPLATE_NOTICE: ALIYUN.noticeTemplate, TENCENT_SMS_TEMPLATE_NOTICE: TENCENT.noticeTemplate }
    try {
      await createSmsProvider({ ...withNotices, ALIYUN_SMS_ENDPOINT: aliyunServer.url })?.notify?.({
        phone: '13800138000',
        text: '…',
        event: '登录密码已重置',
      })
      await createSmsProvider({ ...withNotices, smsProvider: 'tencent', TENCENT_SMS_ENDPOINT: tencentServer.url })?.notify?.({
        phone: '13800138000',
        text: '…',
        event: '登录密码已修改',
      })
    } finally {
      await Promise.all([aliyunServer.close(), tencentServer.close()])
    }
    expect(aliyun.delivered).toEqual([{ phone: '13800138000', template: 'SMS_100000003', event: '登录密码已重置' }])
    expect(tencent.delivered).toEqual([{ phone: '+8613800138000', template: '100003', event: '登录密码已修改' }])
  })

  test('a chosen provider without its variables is refused while the environment is parsed, every one named', () => {
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'https://portal.example.com',
      LOG_LEVEL: 'silent',
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'AKIDonly',
    }
    const script = "import('./server/lib/sms/sms-provider.ts').then(() => console.log('loaded'), (e) => console.log(e.message))"
    const output = execFileSync(`${projectRoot}/node_modules/.bin/tsx`, ['-e', script], { cwd: projectRoot, env, encoding: 'utf8' })
    expect(output.trim().split('\n')).toEqual([
      '配置无效 (invalid configuration):',
      ...['SECRET_KEY', 'APP_ID', 'SIGN_NAME', 'TEMPLATE_REGISTER', 'TEMPLATE_FINDPASS'].map(
        (name) => `  TENCENT_SMS_${name}: SMS_PROVIDER=tencent 时必须设置 / required when SMS_PROVIDER=tencent`,
      ),
    ])
  })
})
