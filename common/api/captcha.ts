// The image challenge (Member/captcha, server/features/member/captcha.service.ts), which the
// inquiry form asks for as well as the sign-up forms.
import { z } from '../validation/z'

export const captchaSchema = z.strictObject({
  captchaId: z.string(),
  /** An SVG as a data: URL. */
  image: z.string(),
  /** Seconds the challenge stays valid. */
  expiresIn: z.int(),
})
export type Captcha = z.infer<typeof captchaSchema>

export const captchaReplies = { 'Member/captcha': captchaSchema }
