import { useMutation } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { getSessionExpiresAt, updateSession } from '../../../lib/session'
import type { LoginResult } from '../types'

export type SavePassParams = { oldPassword: string; password: string; confirmPassword: string }

const DAY_MS = 24 * 60 * 60 * 1000

// More than a day left means the member chose remember-me; the fresh token keeps that choice.
const isRemembered = () => (getSessionExpiresAt() ?? 0) - Date.now() > DAY_MS

export const savePass = (params: SavePassParams) => post<LoginResult>('/api/Member/savePass', { ...params, isWithout: isRemembered() })

/** The server ends other sessions and hands this one a fresh token, stored under the same expiry. */
export function useSavePass() {
  return useMutation({
    mutationFn: savePass,
    onSuccess: (result) => updateSession({ token: result.token }),
  })
}
