import { Router } from 'express'
import { endpoint, memberEndpoint } from '../../http/endpoint'
import { emptySchema } from '../../lib/schemas'
import { listCollectedCourses, listCollectedSpecials, listFollowedTeachers } from '../collect/collect.service'
import { listMyTeacherVideos } from '../upload/teacher-video.service'
import { sendAuthCode } from './auth-code.service'
import { createCaptcha } from './captcha.service'
import { addContribution, getMyContribution, listMyContributions, listMyReleases } from './contribution.service'
import {
  addContributionSchema,
  contributionIdSchema,
  deleteAccountSchema,
  findPassSchema,
  loginSchema,
  memberPageSchema,
  registerSchema,
  saveMemberSchema,
  savePassSchema,
  sendAuthCodeSchema,
} from './member.schemas'
import { deleteAccount, findPassword, getNavigation, getUserInfo, login, register, saveMember, savePassword } from './member.service'

export const memberRoutes = Router()

// Public: the ways in.
memberRoutes.post(
  '/captcha',
  endpoint(emptySchema, (_input, req) => createCaptcha(req.ip ?? '')),
)
memberRoutes.post(
  '/sendAuthCode',
  endpoint(sendAuthCodeSchema, (input, req) => sendAuthCode(input, req.ip ?? '')),
)
memberRoutes.post(
  '/register',
  endpoint(registerSchema, (input) => register(input)),
)
memberRoutes.post(
  '/login',
  endpoint(loginSchema, (input, req) => login(input, req.ip ?? '')),
)
memberRoutes.post(
  '/findPass',
  endpoint(findPassSchema, (input) => findPassword(input)),
)

// Signed in: the token names the member; a member_no in the body is ignored.
memberRoutes.post(
  '/getUserInfo',
  memberEndpoint(emptySchema, (_input, member) => getUserInfo(member)),
)
memberRoutes.post(
  '/saveMember',
  memberEndpoint(saveMemberSchema, (input, member) => saveMember(member, input)),
)
memberRoutes.post(
  '/savePass',
  memberEndpoint(savePassSchema, (input, member) => savePassword(member.id, input)),
)
memberRoutes.post(
  '/deleteAccount',
  memberEndpoint(deleteAccountSchema, (input, member) => deleteAccount(member.id, input)),
)
memberRoutes.post(
  '/getNavigation',
  memberEndpoint(emptySchema, (_input, member) => getNavigation(member)),
)
memberRoutes.post(
  '/myTeacherFollow',
  memberEndpoint(memberPageSchema, (input, member) => listFollowedTeachers(member.id, input)),
)
memberRoutes.post(
  '/myCourseCollect',
  memberEndpoint(memberPageSchema, (input, member) => listCollectedCourses(member.id, input)),
)
memberRoutes.post(
  '/mySpecialCollect',
  memberEndpoint(memberPageSchema, (input, member) => listCollectedSpecials(member.id, input)),
)
memberRoutes.post(
  '/addContribution',
  memberEndpoint(addContributionSchema, (input, member) => addContribution(member.id, input)),
)
memberRoutes.post(
  '/myContribution',
  memberEndpoint(memberPageSchema, (input, member) => listMyContributions(member.id, input)),
)
memberRoutes.post(
  '/getContribution',
  memberEndpoint(contributionIdSchema, (input, member) => getMyContribution(member.id, input.id)),
)
memberRoutes.post(
  '/myTeacherVideo',
  memberEndpoint(memberPageSchema, (input, member) => listMyTeacherVideos(member.id, input)),
)
memberRoutes.post(
  '/myRelease',
  memberEndpoint(memberPageSchema, (input, member) => listMyReleases(member.id, input)),
)
