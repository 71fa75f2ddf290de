export type CourseSummary = {
  id: number
  title: string
  cover_img: string
  intro?: string
  views?: number
  teacher?: { id: number; name: string } | null
}

export type CourseDetail = CourseSummary & {
  intro: string
  content: string
  videoUrl: string
  views: number
  categoryId: number
  categoryName?: string
  teacher: { id: number; name: string; img: string; title?: string } | null
  tags: { id: number; name: string }[]
  isCollected: boolean
  createdAt?: string
}

/** 课程预告 */
export type NoticeSummary = {
  id: number
  name: string
  cover_img: string
  introduction: string
  startAt?: string | null
  location?: string
  views?: number
}
export type NoticeDetail = NoticeSummary & { views: number; teacher?: { id: number; name: string } | null; createdAt?: string }

/** 常见问题 */
export type QuestionSummary = { id: number; title: string; views?: number; createdAt?: string }
export type QuestionDetail = QuestionSummary & { content: string; views: number }
