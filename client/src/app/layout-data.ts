import { cooperationTypesQuery } from '../features/cooperation/api/get-cooperation-types'
import { categoriesQuery } from '../features/index/api/get-categories'
import { configQuery } from '../features/index/api/get-config'
import { hotTagsQuery } from '../features/index/api/get-hot-tags'
import { menuSeoQuery } from '../features/index/api/get-menu-seo'
import { siteInfoQuery } from '../features/index/api/get-site-info'
import type { PageLoader } from './page-data'

/**
 * What the shell around every page reads: the header's logo and hot tags, the navigation's category
 * drop-downs (the 商务合作 one lists the cooperation types), the footer's contacts and every page's SEO row.
 */
export const layoutLoader: PageLoader = ({ queries }) =>
  queries.prefetch(
    siteInfoQuery(),
    hotTagsQuery(),
    categoriesQuery('teacher'),
    categoriesQuery('course'),
    categoriesQuery('special'),
    cooperationTypesQuery(),
    configQuery(),
    menuSeoQuery(),
  )
