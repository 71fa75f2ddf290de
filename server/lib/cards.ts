// Small "card" shapes shared by lists, the home aggregate and search. The specification fixes some
// names (teacher img, course cover_img, special special_url), so the mapping lives in one place.
import type { Prisma } from '../generated/prisma/client'
import { cutText, stripMarkup } from './sanitize'

export const teacherCardSelect = { id: true, name: true, photo: true, title: true } satisfies Prisma.TeacherSelect
type TeacherCardRow = Prisma.TeacherGetPayload<{ select: typeof teacherCardSelect }>
export const teacherCard = (t: TeacherCardRow) => ({ id: t.id, name: t.name, img: t.photo, title: t.title })

export const courseCardSelect = {
  id: true,
  title: true,
  cover: true,
  intro: true,
  views: true,
  teacher: { select: { id: true, name: true } },
} satisfies Prisma.CourseSelect
type CourseCardRow = Prisma.CourseGetPayload<{ select: typeof courseCardSelect }>
export const courseCard = (c: CourseCardRow) => ({
  id: c.id,
  title: c.title,
  cover_img: c.cover,
  intro: c.intro,
  views: c.views,
  teacher: c.teacher,
})

export const specialCardSelect = {
  id: true,
  title: true,
  cover: true,
  specialUrl: true,
  intro: true,
  views: true,
} satisfies Prisma.SpecialSelect
type SpecialCardRow = Prisma.SpecialGetPayload<{ select: typeof specialCardSelect }>
export const specialCard = (s: SpecialCardRow) => ({
  id: s.id,
  title: s.title,
  cover_img: s.cover,
  special_url: s.specialUrl,
  intro: s.intro,
  views: s.views,
})

/** Activities and viewpoints share one card: the list shows a plain excerpt, never stored markup. */
export const articleCardSelect = {
  id: true,
  title: true,
  cover: true,
  intro: true,
  views: true,
  publishedAt: true,
  teacher: { select: { id: true, name: true } },
} satisfies Prisma.ActivitySelect & Prisma.ViewpointSelect
type ArticleCardRow = Prisma.ActivityGetPayload<{ select: typeof articleCardSelect }>
export const articleCard = (a: ArticleCardRow) => ({
  id: a.id,
  title: a.title,
  cover_img: a.cover,
  intro: a.intro,
  views: a.views,
  publishedAt: a.publishedAt,
  teacher: a.teacher,
})

/**
 * Plain-text excerpt of rich or plain text; the spec's default cut is 100 characters. Text
 * without markup or entities skips the HTML parser, which lists would otherwise run per row.
 */
export const excerpt = (text: string, max = 100) => cutText(/[<&]/.test(text) ? stripMarkup(text) : text.replace(/\s+/g, ' ').trim(), max)
