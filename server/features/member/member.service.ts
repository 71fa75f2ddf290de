import bcrypt from 'bcryptjs'
import jwt from 'jsonwebtoken'
import { canReview } from '../../../common/rules/roles'
import { codeToName, isValidRegionPath } from '../../../common/regions/regions'
import { updateProfile } from '../../data/sql'
import { prisma, type Prisma } from '../../db'
import { signMemberToken } from '../../data/member-tokens'
import type { AuthedMember } from '../../lib/action'
import { ApiError, Code } from '../../lib/api-error'
import { screenText } from '../review/sensitive-screen.service'
import { countPendingReviews } from '../review/review.service'
import { removeLooseUploads } from '../upload/upload.service'
import { limitKey } from '../../lib/client-address'
import { clock } from '../../lib/clock'
import {
  authLimits,
  loginDelayMs,
  loginFailuresByIp,
  loginFailuresByPair,
  loginFailuresByPhone,
  loginTurns,
  minutesText,
  passwordFailuresByMember,
  secondsText,
} from './auth-limits'
import { isUniqueViolation, withFreshMemberNo } from '../../lib/member-numbers'
import { BCRYPT_COST, hashPassword } from '../../lib/passwords'
import { keepingAnAdmin } from '../staff/staff-accounts.service'
import { consumeAuthCode, maskPhone } from './auth-code.service'
import { verifyCaptcha } from './captcha.service'
import { countMyReleases } from './contribution.service'
import { countUnread, noteSignIn, tellMember } from '../notification/notification.service'
import type { DeleteAccountInput, FindPassInput, LoginInput, RegisterInput, SaveMemberInput, SavePassInput } from './member.schemas'

// Compared against when the phone is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password-1', BCRYPT_COST)
const DELETED_NICKNAME = '已注销用户'
const WRONG_LOGIN = '手机号或密码错误'
const disabledMessage = (reason: string) => `该账号已被停用${reason ? `（${reason}）` : ''}，如有疑问请联系平台管理员`
const CAPTCHA_NEEDED = '登录失败次数较多，请输入图形验证码'

/** Forgets every stored sign-in and password-check count. For tests only. */
export async function resetLoginLimits() {
  await Promise.all(
    [loginFailuresByPhone, loginFailuresByIp, loginFailuresByPair, loginTurns, passwordFailuresByMember].map((limit) => limit.clear()),
  )
}

/** What login, register and savePass answer: the contract's member_no and nickname plus the token. */
function session(member: { id: number; memberNo: string; nickname: string; tokenVersion: number }, remember: boolean) {
  const token = signMemberToken(member, remember)
  const { exp } = jwt.decode(token) as { exp: number }
  return { token, member_no: member.memberNo, nickname: member.nickname, expiresAt: new Date(exp * 1000).toISOString() }
}

/** The accepted versions of the service terms and the privacy policy, e.g. "terms:1;privacy:1". */
export async function currentTermsVersion(): Promise<string> {
  const pages = await prisma.aboutPage.findMany({ where: { key: { in: ['terms', 'privacy'] } }, select: { key: true, version: true } })
  const version = (key: string) => pages.find((page) => page.key === key)?.version ?? '1'
  return `terms:${version('terms')};privacy:${version('privacy')}`
}

export async function register(input: RegisterInput) {
  const termsVersion = await currentTermsVersion()
  if (input.termsVersion && input.termsVersion !== termsVersion) {
    throw new ApiError(Code.BAD_PARAMS, '服务条款或隐私政策已更新，请刷新页面后重新阅读并同意')
  }
  // Before the code is used up: a refused nickname must not cost the member a new SMS code.
  const nickname = await screenNickname(input.nickname, null)
  // The code first: only the phone's owner may learn that it is registered already.
  await consumeAuthCode(input.phone, 'register', input.code)
  const existing = await prisma.member.findUnique({ where: { phone: input.phone }, select: { id: true } })
  if (existing) throw new ApiError(Code.EXISTS, '该手机号已注册')
  const passwordHash = await hashPassword(input.password)
  const now = new Date(clock.now())
  const member = await withFreshMemberNo(
    (memberNo) =>
      prisma.member.create({
        data: { memberNo, phone: input.phone, passwordHash, nickname, termsVersion, termsAcceptedAt: now, lastLoginAt: now },
        select: { id: true, memberNo: true, nickname: true, tokenVersion: true },
      }),
    async (error) => {
      if (isUniqueViolation(error, 'phone') && (await prisma.member.count({ where: { phone: input.phone } })) > 0) {
        throw new ApiError(Code.EXISTS, '该手机号已注册')
      }
    },
  )
  return session(member, false)
}

/** A nickname through the sensitive-word list: refused for a `block` word, masked for a `mask` word. */
async function screenNickname(nickname: string, memberId: number | null) {
  return (await screenText({ nickname: { text: nickname } }, { source: 'nickname', memberId, subject: '昵称' })).nickname
}

/** The pair a sign-in delay belongs to: this phone from this client's address. */
const pairOf = (phone: string, address: string) => `${phone}|${address}`

/** Whether failure counts this high make sign-in ask for the image captcha. */
const isPastCaptchaThreshold = (phoneFailures: number, addressFailures: number) =>
  phoneFailures >= authLimits.loginCaptchaAfterPhoneFailures || addressFailures >= authLimits.loginCaptchaAfterIpFailures

/** The member behind a phone and password, or null; an unknown phone costs the same bcrypt time. */
async function memberByPassword(phone: string, password: string) {
  const member = await prisma.member.findUnique({
    where: { phone },
    select: {
      id: true,
      memberNo: true,
      nickname: true,
      tokenVersion: true,
      passwordHash: true,
      deletedAt: true,
      disabledAt: true,
      disabledReason: true,
    },
  })
  const isMatch = await bcrypt.compare(password, member?.passwordHash || DUMMY_HASH)
  return member && !member.deletedAt && isMatch ? member : null
}

/**
 * Sign-in without lockout. Failures never block an account: after a few for a phone (or many
 * from one address) every attempt needs the image captcha, and the failing (phone, address) pair
 * waits longer after each failure. So a guesser slows only himself, and the owner elsewhere only
 * solves a captcha: the right password with a right captcha signs in whatever others failed.
 */
export async function login({ phone, password, isWithout, captchaId, captchaCode }: LoginInput, ip: string, userAgent?: string) {
  const address = limitKey(ip)
  const pair = pairOf(phone, address)
  // One attempt per pair at a time, none during its delay: parallel guesses cannot share a turn.
  const turn = await loginTurns.add(pair)
  if (turn.points > 1) throw new ApiError(Code.RATE_LIMITED, `登录尝试过于频繁，请 ${secondsText(turn.msLeft)}后再试`)
  let delayMs = 0
  try {
    // Counted before the password is checked and taken back on success, so a burst from many
    // addresses cannot all pass the captcha check before any failure is counted.
    const [byPhone, byIp] = await Promise.all([loginFailuresByPhone.add(phone), address ? loginFailuresByIp.add(address) : undefined])
    const addressFailures = byIp?.points ?? 0
    if (isPastCaptchaThreshold(byPhone.points - 1, addressFailures - 1)) {
      if (!captchaId || !captchaCode) throw new ApiError(Code.CAPTCHA_REQUIRED, CAPTCHA_NEEDED)
      await verifyCaptcha(captchaId, captchaCode)
    }
    const member = await memberByPassword(phone, password)
    if (!member) {
      delayMs = loginDelayMs((await loginFailuresByPair.add(pair)).points)
      // Past the threshold the failure itself says so, and the form shows the captcha at once.
      if (isPastCaptchaThreshold(byPhone.points, addressFailures))
        throw new ApiError(Code.CAPTCHA_REQUIRED, `${WRONG_LOGIN}，请输入图形验证码`)
      throw new ApiError(Code.BAD_PARAMS, WRONG_LOGIN)
    }
    // The owner is in: this phone's count and this pair's run of failures start over. The address
    // only takes this attempt back, or one valid account would launder a guesser's failures.
    await Promise.all([
      loginFailuresByPhone.reset(phone),
      address ? loginFailuresByIp.subtract(address) : undefined,
      loginFailuresByPair.reset(pair),
    ])
    // Said only to whoever knows the password, so it tells a stranger nothing about the phone.
    if (member.disabledAt) throw new ApiError(Code.FORBIDDEN, disabledMessage(member.disabledReason))
    await prisma.member.update({ where: { id: member.id }, data: { lastLoginAt: new Date(clock.now()) } })
    await noteSignIn(member.id, ip, userAgent)
    return session(member, isWithout)
  } finally {
    // The turn passes on now, or once the failure's delay is over.
    await (delayMs > 0 ? loginTurns.hold(pair, delayMs) : loginTurns.reset(pair))
  }
}

/** Proof of owning the phone (an SMS code) ends its sign-in counts and every pair's delay. */
const forgetLoginFailures = (phone: string) =>
  Promise.all([
    loginFailuresByPhone.reset(phone),
    loginFailuresByPair.reset(pairOf(phone, ''), { isPrefix: true }),
    loginTurns.reset(pairOf(phone, ''), { isPrefix: true }),
  ])

export async function findPassword({ phone, code, password }: FindPassInput) {
  await consumeAuthCode(phone, 'findPass', code)
  const member = await prisma.member.findUnique({ where: { phone }, select: { id: true, deletedAt: true } })
  if (!member || member.deletedAt) throw new ApiError(Code.NOT_FOUND, '该手机号尚未注册')
  // New version: every token issued before the reset stops working.
  await prisma.member.update({
    where: { id: member.id },
    data: { passwordHash: await hashPassword(password), tokenVersion: { increment: 1 }, passwordChangeDue: false },
  })
  await forgetLoginFailures(phone)
  await tellMember(member.id, PASSWORD_RESET)
  return null
}

const PASSWORD_CHANGED = {
  kind: 'account',
  title: '您的登录密码已修改',
  body: '其他设备上的登录已失效，如非本人操作，请立即通过“忘记密码”重置',
  link: '/user?tab=2',
  smsEvent: '登录密码已修改',
} as const
const PASSWORD_RESET = { ...PASSWORD_CHANGED, title: '您的登录密码已通过短信验证码重置', smsEvent: '登录密码已重置' } as const

/**
 * Checks the current password of a signed-in member. Only the token's holder can fail here, so
 * too many failures in the window block until it ends (a stolen token cannot guess on). Each check
 * counts before bcrypt runs, so parallel guesses cannot all slip under the cap.
 */
async function confirmPassword(memberId: number, password: string, wrongMessage: string) {
  const key = String(memberId)
  const checks = await passwordFailuresByMember.add(key)
  if (checks.points > authLimits.passwordFailuresPerMember) {
    throw new ApiError(Code.RATE_LIMITED, `密码错误次数过多，请 ${minutesText(checks.msLeft)}后再试`)
  }
  const member = await prisma.member.findUniqueOrThrow({ where: { id: memberId }, select: { passwordHash: true } })
  if (!(await bcrypt.compare(password, member.passwordHash || DUMMY_HASH))) throw new ApiError(Code.BAD_PARAMS, wrongMessage)
  await passwordFailuresByMember.reset(key)
}

export async function savePassword(memberId: number, { oldPassword, password, isWithout }: SavePassInput) {
  await confirmPassword(memberId, oldPassword, '原密码错误')
  if (oldPassword === password) throw new ApiError(Code.BAD_PARAMS, '新密码不能与原密码相同')
  // Other sessions end; this one continues with the fresh token.
  const member = await prisma.member.update({
    where: { id: memberId },
    data: { passwordHash: await hashPassword(password), tokenVersion: { increment: 1 }, passwordChangeDue: false },
    select: { id: true, memberNo: true, nickname: true, tokenVersion: true },
  })
  await tellMember(memberId, PASSWORD_CHANGED)
  return session(member, isWithout)
}

const profileSelect = {
  memberNo: true,
  phone: true,
  nickname: true,
  avatar: true,
  gender: true,
  organization: true,
  position: true,
  provinceCode: true,
  cityCode: true,
  districtCode: true,
  createdAt: true,
  role: true,
  passwordChangeDue: true,
} satisfies Prisma.MemberSelect
type ProfileRow = Prisma.MemberGetPayload<{ select: typeof profileSelect }>

const regionName = (code: string) => (code ? (codeToName(code) ?? '') : '')

function toProfile(row: ProfileRow) {
  return {
    member_no: row.memberNo,
    nickname: row.nickname,
    avatar: row.avatar,
    gender: row.gender,
    organization: row.organization,
    position: row.position,
    provinceCode: row.provinceCode,
    provinceName: regionName(row.provinceCode),
    cityCode: row.cityCode,
    cityName: regionName(row.cityCode),
    districtCode: row.districtCode,
    districtName: regionName(row.districtCode),
    phone: maskPhone(row.phone),
    createdAt: row.createdAt.toISOString(),
    // Tells the user centre to offer the review tab and the console link; the actions check the role themselves.
    role: row.role,
    isAdmin: row.role === 'admin',
    // A first password an admin chose: the console asks for a new one before anything else.
    passwordChangeDue: row.passwordChangeDue,
  }
}

/** The profile and the unread notices (the bell); kept per member, rebuilt when either changes. */
export async function getUserInfo(member: AuthedMember) {
  const [row, unreadCount] = await Promise.all([
    prisma.member.findUniqueOrThrow({ where: { id: member.id }, select: profileSelect }),
    countUnread(member.id),
  ])
  return { ...toProfile(row), unreadCount }
}

/** An avatar must be an image this member uploaded (or the one already set). */
async function checkAvatar(memberId: number, avatar: string, current: string) {
  if (avatar === '' || avatar === current) return
  const relative = avatar.startsWith('/uploads/') ? avatar.slice('/uploads/'.length) : null
  const upload = relative ? await prisma.upload.findUnique({ where: { path: relative }, select: { memberId: true, kind: true } }) : null
  if (!upload || upload.memberId !== memberId || upload.kind !== 'image') throw new ApiError(Code.BAD_PARAMS, '头像须为您上传的图片')
}

export async function saveMember(member: AuthedMember, input: SaveMemberInput) {
  const nickname = input.nickname === undefined ? undefined : await screenNickname(input.nickname, member.id)
  if (input.avatar !== undefined) {
    const current = await prisma.member.findUniqueOrThrow({ where: { id: member.id }, select: { avatar: true } })
    await checkAvatar(member.id, input.avatar, current.avatar)
  }
  const isRegionSent = input.provinceCode !== undefined || input.cityCode !== undefined || input.districtCode !== undefined
  let region: Pick<ProfileRow, 'provinceCode' | 'cityCode' | 'districtCode'> | undefined
  if (isRegionSent) {
    // The three codes are one choice: a new province without a city clears the old city.
    region = { provinceCode: input.provinceCode ?? '', cityCode: input.cityCode ?? '', districtCode: input.districtCode ?? '' }
    const isEmpty = !region.provinceCode && !region.cityCode && !region.districtCode
    const isValid =
      isEmpty ||
      (region.provinceCode !== '' && isValidRegionPath(region.provinceCode, region.cityCode || undefined, region.districtCode || undefined))
    if (!isValid) throw new ApiError(Code.BAD_PARAMS, '所在地区不正确，请重新选择')
  }
  const updated = await updateProfile(
    member.id,
    {
      nickname,
      avatar: input.avatar,
      gender: input.gender,
      organization: input.organization,
      position: input.position,
      ...region,
    },
    new Date(clock.now()),
  )
  if (!updated) throw new ApiError(Code.NEED_LOGIN, '登录已失效，请重新登录')
  return toProfile(updated)
}

/**
 * Signs out the session of this token: the token is refused from now on, other sessions stay.
 * A token from before sign-out named its token ends every session of the member instead.
 */
export async function logout(member: AuthedMember) {
  const now = new Date(clock.now())
  if (member.tokenId) {
    await prisma.revokedToken.upsert({
      where: { jti: member.tokenId },
      create: { jti: member.tokenId, memberId: member.id, expiresAt: member.tokenExpiresAt },
      update: {},
    })
    // Tokens past their expiry are refused anyway; their rows can go.
    await prisma.revokedToken.deleteMany({ where: { expiresAt: { lt: now } } })
  } else {
    await prisma.member.update({ where: { id: member.id }, data: { tokenVersion: { increment: 1 } } })
  }
  return null
}

/**
 * Self-service deletion: personal data goes, the row stays (anonymised) so contributions and
 * published content keep their link without a name. Tokens stop working at once.
 */
export async function deleteAccount(memberId: number, { password }: DeleteAccountInput) {
  await confirmPassword(memberId, password, '密码错误')
  // The last active admin stays: a deletion and a demotion or disabling elsewhere, in any process,
  // are checked one at a time, so together they cannot leave the platform without an admin.
  const member = await keepingAnAdmin(memberId, LAST_ADMIN, () => anonymise(memberId))
  await removeLooseUploads(memberId)
  if (member.phone) await forgetLoginFailures(member.phone)
  return null
}

const LAST_ADMIN = '您是唯一的管理员，请先指定另一位管理员再注销账号'

async function anonymise(memberId: number) {
  const member = await prisma.member.findUniqueOrThrow({ where: { id: memberId }, select: { phone: true } })
  await prisma.$transaction([
    prisma.teacherFollow.deleteMany({ where: { memberId } }),
    prisma.courseCollect.deleteMany({ where: { memberId } }),
    prisma.specialCollect.deleteMany({ where: { memberId } }),
    // What they watched, where they stopped and what they opened (足迹) is theirs alone.
    prisma.videoProgress.deleteMany({ where: { memberId } }),
    prisma.recentView.deleteMany({ where: { memberId } }),
    prisma.authCode.deleteMany({ where: { phone: member.phone ?? '' } }),
    prisma.member.update({
      where: { id: memberId },
      data: {
        phone: null,
        passwordHash: '',
        nickname: DELETED_NICKNAME,
        avatar: '',
        gender: 0,
        organization: '',
        position: '',
        provinceCode: '',
        cityCode: '',
        districtCode: '',
        intro: '',
        deletedAt: new Date(clock.now()),
        tokenVersion: { increment: 1 },
      },
    }),
  ])
  return member
}

const NAVIGATION = [
  { id: 1, key: 'profile', name: '个人资料' },
  { id: 2, key: 'password', name: '修改密码' },
  { id: 3, key: 'courseCollect', name: '收藏课程' },
  { id: 4, key: 'teacherFollow', name: '关注名师' },
  { id: 5, key: 'specialCollect', name: '收藏专题' },
  { id: 6, key: 'contribution', name: '我的投稿' },
  // Spec §7 Member/myRelease: what was approved and is public now (not a spec tab id, hence 10).
  { id: 10, key: 'release', name: '我的发布' },
  // Videos played, where each stopped (Member/recentVideos).
  { id: 11, key: 'recentVideos', name: '最近观看' },
  // 足迹: teachers, courses and topics opened lately (Member/recentViewList).
  { id: 13, key: 'recentViews', name: '我的足迹' },
  // 我的预约 (issue 26): the member's booking requests and their progress (Member/bookingList).
  { id: 14, key: 'bookings', name: '我的预约' },
  // The inbox (issue 25): notices of follows, reviews, videos, inquiries and the account; counts the unread.
  { id: 12, key: 'notifications', name: '消息' },
  { id: 7, key: 'addContribution', name: '我要投稿' },
  { id: 8, key: 'deleteAccount', name: '注销账号' },
] as const

const REVIEW_TAB = { id: 9, key: 'review', name: '内容审核' } as const

/**
 * The user-centre tabs (ids 3, 4 and 5 are the specification's), with counts where a tab lists
 * things; staff (admins and editors) also get the review tab with what waits for them.
 */
export async function getNavigation({ id: memberId, role }: AuthedMember) {
  const [courses, teachers, specials, contributions, videos, releases, watched, unread, bookings] = await Promise.all([
    // Same filters as the lists, so a badge never promises rows the tab cannot show.
    prisma.courseCollect.count({ where: { memberId, course: { isPublished: true } } }),
    prisma.teacherFollow.count({ where: { memberId, teacher: { isPublished: true } } }),
    prisma.specialCollect.count({ where: { memberId, special: { isPublished: true } } }),
    prisma.contribution.count({ where: { memberId } }),
    prisma.teacherVideo.count({ where: { memberId } }),
    countMyReleases(memberId),
    prisma.videoProgress.count({ where: { memberId } }),
    countUnread(memberId),
    prisma.booking.count({ where: { memberId } }),
  ])
  // 我的投稿 lists articles and videos.
  const counts: Record<number, number> = {
    3: courses,
    4: teachers,
    5: specials,
    6: contributions + videos,
    10: releases,
    11: watched,
    12: unread,
    14: bookings,
  }
  const tabs = NAVIGATION.map((tab) => ({ ...tab, count: counts[tab.id] ?? null }))
  return canReview(role) ? [...tabs, { ...REVIEW_TAB, count: await countPendingReviews() }] : tabs
}
