// Every content type, in the order of the console's menus and the Admin actions.
import { aboutPage } from './about-page'
import { activity } from './activity'
import { banner } from './banner'
import { cooperation } from './cooperation'
import { cooperationType } from './cooperation-type'
import { course } from './course'
import { courseCategory } from './course-category'
import { friendLink } from './friend-link'
import { menuSeo } from './menu-seo'
import { notice } from './notice'
import { partner } from './partner'
import { question } from './question'
import { special } from './special'
import { specialCategory } from './special-category'
import { tag } from './tag'
import { teacher } from './teacher'
import { teacherCategory } from './teacher-category'
import { teacherVideo } from './teacher-video'
import { viewpoint } from './viewpoint'

export const contentTypes = [
  teacher,
  teacherCategory,
  teacherVideo,
  course,
  courseCategory,
  special,
  specialCategory,
  tag,
  banner,
  notice,
  activity,
  viewpoint,
  question,
  cooperation,
  cooperationType,
  partner,
  friendLink,
  aboutPage,
  menuSeo,
] as const

export type DeclaredContentType = (typeof contentTypes)[number]
export type ContentWord = DeclaredContentType['word']
