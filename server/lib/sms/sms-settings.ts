// Which SMS settings can work, checked while the environment is parsed (server/env.ts), so a start
// is refused before anything is written. Free of imports that read the environment.

export type SmsProviderName = 'dev' | 'off' | 'http' | 'aliyun' | 'tencent'

// The variables each provider cannot work without, in the order they are reported.
export const SMS_REQUIRED = {
  dev: [],
  off: [],
  http: ['SMS_HTTP_URL'],
  aliyun: [
    'ALIYUN_SMS_ACCESS_KEY_ID',
    'ALIYUN_SMS_ACCESS_KEY_SECRET',
    'ALIYUN_SMS_SIGN_NAME',
    'ALIYUN_SMS_TEMPLATE_REGISTER',
    'ALIYUN_SMS_TEMPLATE_FINDPASS',
  ],
  tencent: [
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_APP_ID',
    'TENCENT_SMS_SIGN_NAME',
    'TENCENT_SMS_TEMPLATE_REGISTER',
    'TENCENT_SMS_TEMPLATE_FINDPASS',
  ],
} as const satisfies Record<SmsProviderName, readonly string[]>

type RequiredName = (typeof SMS_REQUIRED)[SmsProviderName][number]
export type SmsSettings = { isProduction: boolean; smsProvider: SmsProviderName | undefined } & Partial<
  Record<RequiredName, string | undefined>
>

/**
 * Every reason SMS cannot work as configured, one line per variable. Production must choose a real
 * provider or say `off`: the development provider only writes codes to the log, so members would
 * wait for texts never sent.
 */
export function smsSettingProblems(config: SmsSettings): string[] {
  if (config.isProduction && !config.smsProvider)
    return [
      'SMS_PROVIDER: 生产环境必须设置：aliyun、tencent 或 http，或设为 off 关闭短信（注册和找回密码将显示为暂不可用） / required in production: aliyun, tencent, http or off',
    ]
  if (config.isProduction && config.smsProvider === 'dev')
    return [
      'SMS_PROVIDER: dev 只把验证码写进日志，不能用于生产环境，请选择 aliyun、tencent 或 http，或设为 off / dev only logs codes and is refused in production',
    ]
  if (!config.smsProvider) return []
  const provider = config.smsProvider
  return SMS_REQUIRED[provider]
    .filter((name: RequiredName) => !config[name]?.trim())
    .map((name) => `${name}: SMS_PROVIDER=${provider} 时必须设置 / required when SMS_PROVIDER=${provider}`)
}
