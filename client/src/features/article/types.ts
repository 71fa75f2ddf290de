/** 教学活动 (activity, /schooling) and 学术观点 (viewpoint, /article) share one shape. */
export type ArticleKind = 'activity' | 'viewpoint'

export type ArticleSummary = {
  id: number
  title: string
  cover_img: string
  intro?: string
  content?: string
  views?: number
  publishedAt?: string
  teacher?: { id: number; name: string } | null
}

export type ArticleDetail = ArticleSummary & {
  content: string
  views: number
  prev?: { id: number; title: string } | null
  next?: { id: number; title: string } | null
}
