// The content entities in the order of the console's 内容管理 menu, with their paths under /admin.
import type { EntityConfig } from '../crud/entity-config'
import { activityEntity, viewpointEntity } from './articles'
import { bannerEntity } from './banner'
import { courseCategoryEntity, specialCategoryEntity, teacherCategoryEntity } from './categories'
import { cooperationEntity, cooperationTypeEntity } from './cooperation'
import { courseEntity } from './course'
import { noticeEntity } from './notice'
import { pageEntity } from './page'
import { linkEntity, partnerEntity } from './partners-links'
import { questionEntity } from './question'
import { specialEntity } from './special'
import { tagEntity } from './tag'
import { teacherEntity } from './teacher'
import { teacherVideoEntity } from './teacher-video'

export const contentEntities: { path: string; config: EntityConfig }[] = [
  { path: 'teacher', config: teacherEntity },
  { path: 'teacher-category', config: teacherCategoryEntity },
  { path: 'teacher-video', config: teacherVideoEntity },
  { path: 'course', config: courseEntity },
  { path: 'course-category', config: courseCategoryEntity },
  { path: 'special', config: specialEntity },
  { path: 'special-category', config: specialCategoryEntity },
  { path: 'tag', config: tagEntity },
  { path: 'banner', config: bannerEntity },
  { path: 'notice', config: noticeEntity },
  { path: 'activity', config: activityEntity },
  { path: 'viewpoint', config: viewpointEntity },
  { path: 'question', config: questionEntity },
  { path: 'cooperation', config: cooperationEntity },
  { path: 'cooperation-type', config: cooperationTypeEntity },
  { path: 'partner', config: partnerEntity },
  { path: 'link', config: linkEntity },
  { path: 'page', config: pageEntity },
]
