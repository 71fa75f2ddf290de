// The registry: every API action the server answers, declared once in its feature.
import type { Action } from './http/action'
import { collectActions } from './features/collect/collect.actions'
import { courseActions } from './features/course/course.actions'
import { indexActions } from './features/index/index.actions'
import { memberActions } from './features/member/member.actions'
import { regionActions } from './features/region/region.actions'
import { reviewActions } from './features/review/review.actions'
import { searchActions } from './features/search/search.actions'
import { specialActions } from './features/special/special.actions'
import { teacherActions } from './features/teacher/teacher.actions'
import { uploadActions } from './features/upload/upload.actions'

export const actions: readonly Action[] = [
  ...indexActions,
  ...searchActions,
  ...teacherActions,
  ...courseActions,
  ...specialActions,
  ...collectActions,
  ...memberActions,
  ...uploadActions,
  ...reviewActions,
  ...regionActions,
]
