// Response shapes of the member actions (server/features/member, docs/API.md).

// The session and profile replies are declared once, in common/api/member.ts.
export type { Session as LoginResult, Profile as UserInfo } from '../../../../common/api/member'

export type Captcha = { captchaId: string; image: string; expiresIn?: number }

export type SmsPurpose = 'register' | 'findPass'

export type Gender = 0 | 1 | 2

export type NavigationItem = { id: number; name: string }
