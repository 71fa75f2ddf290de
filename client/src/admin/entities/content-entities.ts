// The content entities of the console's 内容管理 menu, in its order, with their paths under /admin:
// every content type editors keep. Admin-only types (栏目 SEO) have their own page under 系统.
import { contentTypes } from '../../../../common/content-types/registry'
import type { EntityConfig } from '../crud/entity-config'
import { entityConfigOf, kebabCase } from './entity-config-of'

export const contentEntities: { path: string; config: EntityConfig }[] = contentTypes
  .filter((type) => type.access === 'content')
  .map((type) => ({ path: kebabCase(type.word), config: entityConfigOf(type) }))
