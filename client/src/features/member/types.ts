// Response shapes of the member actions (server/features/member, docs/API.md).

export type LoginResult = { token: string; member_no: string; nickname: string; expiresAt?: string }

export type Captcha = { captchaId: string; image: string; expiresIn?: number }

export type SmsPurpose = 'register' | 'findPass'

export type Gender = 0 | 1 | 2

export type UserInfo = {
  member_no: string
  nickname: string
  phone: string
  avatar: string
  gender: Gender
  organization: string
  position: string
  provinceCode: string
  cityCode: string
  districtCode: string
  provinceName?: string
  cityName?: string
  districtName?: string
  createdAt?: string
  isAdmin?: boolean
  /** member, editor or admin: staff open the review tab (内容审核); the server checks again on every review action. */
  role?: string
}

export type NavigationItem = { id: number; name: string }
