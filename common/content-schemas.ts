// Shape of every content record, for the seed files (seed/importer.ts), the admin console's forms
// and the Admin actions' payloads: built from the declarations in common/content-types/, where each
// type names its fields once.
import type { z } from './validation/z'
import { contentTypes, type DeclaredContentType } from './content-types/registry'
import { settingSchema } from './content-types/site-settings'

export { mediaRule as mediaField } from './content-types/shared-fields'
export { settingKeys, imageSettingKeys } from './content-types/site-settings'
export { menuKeys } from './content-types/menu-seo'
export { aboutKeys } from './content-types/about-page'
export { bannerPositions } from './content-types/banner'

type SchemaByKind = { [T in DeclaredContentType as T['kind']]: T['schema'] }

/** Record schemas by seed kind: strict, so a misspelled field name is reported rather than silently ignored. */
export const seedSchemas = {
  settings: settingSchema,
  ...(Object.fromEntries(contentTypes.map((type) => [type.kind, type.schema])) as SchemaByKind),
}
// The older name, from when viewpoints borrowed the activities' schema.
export const recordSchemas = seedSchemas

export type SeedKind = keyof typeof seedSchemas
export type SeedRecord<K extends SeedKind> = z.infer<(typeof seedSchemas)[K]>
export type SeedData = { [K in SeedKind]: SeedRecord<K>[] }

/** Files in import order, so a file only refers to kinds that come before it. */
export const seedKinds: SeedKind[] = [
  'settings',
  'menu-seo',
  'about-pages',
  'tags',
  'teacher-categories',
  'teachers',
  'teacher-videos',
  'course-categories',
  'courses',
  'special-categories',
  'specials',
  'banners',
  'notices',
  'activities',
  'viewpoints',
  'questions',
  'cooperation-types',
  'cooperations',
  'partners',
  'friend-links',
]

/** The field that identifies a record within its file, used for duplicates and error messages. */
export const keyField = {
  settings: 'key',
  ...Object.fromEntries(contentTypes.map((type) => [type.kind, type.key])),
} as Record<SeedKind, string>
