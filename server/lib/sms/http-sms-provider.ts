import type { SmsProvider } from './sms-provider'

const TIMEOUT_MS = 5000

/**
 * A real SMS gateway behind a small HTTP bridge: POST {phone, code, purpose} as JSON with a bearer
 * token. Any non-2xx answer counts as a failed delivery.
 */
export function createHttpSmsProvider(url: string, token?: string): SmsProvider {
  const post = async (message: object) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`)
  }
  return {
    name: 'http',
    send: post,
    // An account notice (issue 25): {phone, text, purpose: 'notice'}, the bridge sends the text as is.
    notify: ({ phone, text }) => post({ phone, text, purpose: 'notice' }),
  }
}
