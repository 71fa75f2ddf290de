// Every content type, in the order of the console's menus and the Admin actions, and what the content
// write path (server/features/content/) reads from their fields: pictures, videos, rich text and
// references to other types.
import { aboutPage } from './about-page'
import { activity } from './activity'
import { banner } from './banner'
import { cooperation } from './cooperation'
import { cooperationType } from './cooperation-type'
import { course } from './course'
import { courseCategory } from './course-category'
import type { ContentType, Media } from './define-content-type'
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
export type ContentKind = DeclaredContentType['kind']

const entriesOf = (type: ContentType) => Object.entries(type.fields)

/** The picture and video fields of a type, in field order. */
export const mediaOf = (type: ContentType): { field: string; media: Media }[] =>
  entriesOf(type).flatMap(([field, { media }]) => (media ? [{ field, media }] : []))

/** The picture fields of a type, in field order. */
export const picturesOf = (type: ContentType): string[] =>
  mediaOf(type).flatMap(({ field, media }) => (media.as === 'picture' ? [field] : []))

/** The rich-text (HTML) fields of a type, in field order. */
export const richTextsOf = (type: ContentType): string[] => entriesOf(type).flatMap(([field, { isRich }]) => (isRich ? [field] : []))

/** `of(type)` by seed kind, for every type it names a field of: the write path's picture and rich-text lists. */
export const fieldsByKind = (of: (type: ContentType) => string[]): Partial<Record<ContentKind, string[]>> =>
  Object.fromEntries(contentTypes.map((type) => [type.kind, of(type)]).filter(([, fields]) => fields.length > 0))

/** A field whose values name records of `target` by its key. */
export type FieldReference = { field: string; target: ContentType }

/** The fields of a type that name other records, in field order: its `ref` fields and its tags. */
export function referencesOf(type: ContentType): FieldReference[] {
  return entriesOf(type).flatMap(([field, { ref, store }]) => {
    const word = ref?.word ?? (store.as === 'tags' ? tag.word : undefined)
    if (word === undefined) return []
    const target = contentTypes.find((other) => other.word === word)
    if (!target) throw new Error(`${type.word}.${field} names ${word}, which is no declared content type`)
    return [{ field, target }]
  })
}
