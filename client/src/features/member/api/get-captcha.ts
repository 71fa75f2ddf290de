import { post } from '../../../lib/api-client'
import type { Captcha } from '../types'

export const getCaptcha = () => post<Captcha>('/api/Member/captcha')
