import { Router } from 'express'
import { memberEndpoint } from '../../http/endpoint'
import { collectCourse, collectSpecial, followTeacher, uncollectCourse, uncollectSpecial, unfollowTeacher } from './collect.service'
import { courseIdSchema, specialIdSchema, teacherIdSchema } from './collect.schemas'

// Member actions that live under the Teacher, Course and Special groups.
export const teacherFollowRoutes = Router()
export const courseCollectRoutes = Router()
export const specialCollectRoutes = Router()

teacherFollowRoutes.post(
  '/teacherFollow',
  memberEndpoint(teacherIdSchema, (input, member) => followTeacher(member.id, input.teacherId)),
)
teacherFollowRoutes.post(
  '/cancelFollow',
  memberEndpoint(teacherIdSchema, (input, member) => unfollowTeacher(member.id, input.teacherId)),
)

courseCollectRoutes.post(
  '/courseCollect',
  memberEndpoint(courseIdSchema, (input, member) => collectCourse(member.id, input.courseId)),
)
courseCollectRoutes.post(
  '/cancelCollect',
  memberEndpoint(courseIdSchema, (input, member) => uncollectCourse(member.id, input.courseId)),
)

specialCollectRoutes.post(
  '/specialCollect',
  memberEndpoint(specialIdSchema, (input, member) => collectSpecial(member.id, input.specialId)),
)
specialCollectRoutes.post(
  '/cancelCollect',
  memberEndpoint(specialIdSchema, (input, member) => uncollectSpecial(member.id, input.specialId)),
)
