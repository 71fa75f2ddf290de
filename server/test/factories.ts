// Test rows with unique slugs and names, so tests need no cleanup order and never collide
// with seeded data or with each other.
import crypto from 'node:crypto'
import { prisma, type Prisma } from '../db'

let counter = 0
/** A value no other call in this process (or seeded row) uses. */
export const unique = (prefix = 't') => `${prefix}-${process.pid}-${++counter}-${crypto.randomBytes(3).toString('hex')}`

export async function createTeacherCategory(data: Partial<Prisma.TeacherCategoryUncheckedCreateInput> = {}) {
  return prisma.teacherCategory.create({ data: { slug: unique('tc'), name: `测试名师分类${counter}`, ...data } })
}

export async function createTeacher(data: Partial<Prisma.TeacherUncheckedCreateInput> = {}) {
  const categoryId = data.categoryId ?? (await createTeacherCategory()).id
  return prisma.teacher.create({
    data: { slug: unique('teacher'), name: `测试名师${counter}`, photo: '/uploads/test/teacher.png', ...data, categoryId },
  })
}

export async function createCourseCategory(data: Partial<Prisma.CourseCategoryUncheckedCreateInput> = {}) {
  return prisma.courseCategory.create({ data: { slug: unique('cc'), name: `测试课程分类${counter}`, ...data } })
}

export async function createCourse(data: Partial<Prisma.CourseUncheckedCreateInput> = {}) {
  const categoryId = data.categoryId ?? (await createCourseCategory()).id
  return prisma.course.create({
    data: { slug: unique('course'), title: `测试课程${counter}`, cover: '/uploads/test/course.png', ...data, categoryId },
  })
}

export async function createSpecialCategory(data: Partial<Prisma.SpecialCategoryUncheckedCreateInput> = {}) {
  return prisma.specialCategory.create({ data: { slug: unique('sc'), name: `测试专题分类${counter}`, ...data } })
}

export async function createSpecial(data: Partial<Prisma.SpecialUncheckedCreateInput> = {}) {
  const categoryId = data.categoryId ?? (await createSpecialCategory()).id
  return prisma.special.create({
    data: { slug: unique('special'), title: `测试专题${counter}`, cover: '/uploads/test/special.png', ...data, categoryId },
  })
}

export async function createTag(data: Partial<Prisma.TagUncheckedCreateInput> = {}) {
  return prisma.tag.create({ data: { name: unique('标签'), ...data } })
}

export async function tagTeacher(teacherId: number, tagId: number) {
  return prisma.teacherTag.create({ data: { teacherId, tagId } })
}
export async function tagCourse(courseId: number, tagId: number) {
  return prisma.courseTag.create({ data: { courseId, tagId } })
}
export async function tagSpecial(specialId: number, tagId: number) {
  return prisma.specialTag.create({ data: { specialId, tagId } })
}

export async function createTeacherVideo(data: Partial<Prisma.TeacherVideoUncheckedCreateInput> & { teacherId: number }) {
  return prisma.teacherVideo.create({
    data: { slug: unique('video'), title: `测试视频${counter}`, videoUrl: '/uploads/test/video.mp4', ...data },
  })
}

export async function createActivity(data: Partial<Prisma.ActivityUncheckedCreateInput> = {}) {
  return prisma.activity.create({ data: { slug: unique('activity'), title: `测试活动${counter}`, ...data } })
}

export async function createViewpoint(data: Partial<Prisma.ViewpointUncheckedCreateInput> = {}) {
  return prisma.viewpoint.create({ data: { slug: unique('viewpoint'), title: `测试观点${counter}`, ...data } })
}

export async function createNotice(data: Partial<Prisma.CourseNoticeUncheckedCreateInput> = {}) {
  return prisma.courseNotice.create({ data: { slug: unique('notice'), name: `测试预告${counter}`, ...data } })
}

export async function createQuestion(data: Partial<Prisma.QuestionUncheckedCreateInput> = {}) {
  return prisma.question.create({ data: { slug: unique('question'), title: `测试问题${counter}`, ...data } })
}

export async function createBanner(data: Partial<Prisma.BannerUncheckedCreateInput> = {}) {
  return prisma.banner.create({
    data: { slug: unique('banner'), position: 'home', image: '/uploads/test/banner.png', ...data },
  })
}

export async function createPartner(data: Partial<Prisma.PartnerUncheckedCreateInput> = {}) {
  return prisma.partner.create({ data: { slug: unique('partner'), name: `测试伙伴${counter}`, logo: '/uploads/test/logo.png', ...data } })
}

export async function createFriendLink(data: Partial<Prisma.FriendLinkUncheckedCreateInput> = {}) {
  return prisma.friendLink.create({ data: { slug: unique('link'), name: `测试链接${counter}`, url: 'https://example.com', ...data } })
}

/** The five fixed cooperation types exist in the seed; this makes sure one exists without it. */
export async function ensureCooperationType(id: number) {
  return prisma.cooperationType.upsert({ where: { id }, create: { id, name: `合作类型${id}` }, update: {} })
}

export async function createCooperation(data: Partial<Prisma.CooperationUncheckedCreateInput> & { typeId: number }) {
  await ensureCooperationType(data.typeId)
  return prisma.cooperation.create({ data: { slug: unique('coop'), title: `测试合作${counter}`, ...data } })
}

export async function createMember(data: Partial<Prisma.MemberUncheckedCreateInput> = {}) {
  return prisma.member.create({
    data: {
      memberNo: unique('M'),
      phone: `137${String(crypto.randomInt(1e8)).padStart(8, '0')}`,
      passwordHash: 'not-a-real-hash',
      nickname: `测试会员${counter}`,
      ...data,
    },
  })
}
