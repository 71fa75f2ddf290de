import { defineAction } from '../../lib/action'
import { teacherTag } from '../teacher/teacher.service'
import { courseIdSchema, specialIdSchema, teacherIdSchema } from './collect.schemas'
import { collectCourse, collectSpecial, followTeacher, uncollectCourse, uncollectSpecial, unfollowTeacher } from './collect.service'

// Member actions that live under the Teacher, Course and Special groups. A follow changes the
// teacher's follower count, so it refreshes that teacher's page as well as the member's own data.
export const collectActions = [
  defineAction({
    group: 'Teacher',
    name: 'teacherFollow',
    summary: '关注名师（重复关注不报错）',
    input: teacherIdSchema,
    access: 'member',
    changes: { tags: (input) => [teacherTag(input.teacherId)] },
    handler: (input, { member }) => followTeacher(member.id, input.teacherId),
    example: { teacherId: 1 },
  }),
  defineAction({
    group: 'Teacher',
    name: 'cancelFollow',
    summary: '取消关注名师',
    input: teacherIdSchema,
    access: 'member',
    changes: { tags: (input) => [teacherTag(input.teacherId)] },
    handler: (input, { member }) => unfollowTeacher(member.id, input.teacherId),
    example: { teacherId: 1 },
  }),
  defineAction({
    group: 'Course',
    name: 'courseCollect',
    summary: '收藏课程',
    input: courseIdSchema,
    access: 'member',
    handler: (input, { member }) => collectCourse(member.id, input.courseId),
    example: { courseId: 1 },
  }),
  defineAction({
    group: 'Course',
    name: 'cancelCollect',
    summary: '取消收藏课程',
    input: courseIdSchema,
    access: 'member',
    handler: (input, { member }) => uncollectCourse(member.id, input.courseId),
    example: { courseId: 1 },
  }),
  defineAction({
    group: 'Special',
    name: 'specialCollect',
    summary: '收藏专题',
    input: specialIdSchema,
    access: 'member',
    handler: (input, { member }) => collectSpecial(member.id, input.specialId),
    example: { specialId: 1 },
  }),
  defineAction({
    group: 'Special',
    name: 'cancelCollect',
    summary: '取消收藏专题',
    input: specialIdSchema,
    access: 'member',
    handler: (input, { member }) => uncollectSpecial(member.id, input.specialId),
    example: { specialId: 1 },
  }),
]
