// Response shapes of the Index group (server/features/index). Spec-fixed names kept as the server sends them.
export type Category = { id: number; name: string }
export type TeacherCard = { id: number; name: string; img: string; title?: string }
export type NameCard = { id: number; name: string }
export type CategoryNames = Category & { teachers: NameCard[] }
export type CourseCard = {
  id: number
  title: string
  cover_img: string
  intro?: string
  views?: number
  teacher?: { id: number; name: string } | null
}
export type SpecialCard = { id: number; title: string; cover_img: string; special_url: string; intro?: string; views?: number }
export type FeaturedVideo = { id: number; title: string; cover_img: string; videoUrl: string }
export type Banner = { id: number; title: string; link: string; litpic: string }
export type Notice = { id: number; name: string; cover_img: string; introduction: string; startAt: string | null; location: string }
export type ArticleCard = { id: number; title: string; cover_img: string; content: string; publishedAt: string }
export type Question = { id: number; title: string }
export type Partner = { id: number; name: string; logo: string; link: string }
export type FriendLink = { id: number; name: string; links: string }

export type HomeData = {
  banner: Banner[]
  /** Categories with their teachers, in menu order. */
  mingshiku: (Category & { teachers: TeacherCard[] })[]
  /** Names beside each category (first 3). */
  mingshiku1: CategoryNames[]
  /** Hover panel names (3rd to 19th). */
  mingshiku2: CategoryNames[]
  /** Recommended-teacher block: up to 14 names per category. */
  mingshiku3: CategoryNames[]
  hot_special: SpecialCard[]
  hot_special1: SpecialCard[]
  hot_special2: SpecialCard[]
  recommend_teacher: { teacher_img: TeacherCard[] }
  course: { host: CourseCard[]; boutique: CourseCard[]; video: FeaturedVideo[] }
  course_notice: Notice[]
  huodong_xueshu: { activity: ArticleCard[]; viewpoin: ArticleCard[] }
  common_problem: Question[]
  cooperative: Partner[]
  links: FriendLink[]
}

export type SiteConfig = { btlogo: string; wx: string; fax: string; phone: string; mailbox: string; address: string; icp: string }
export type SiteInfo = {
  logo: string
  icon: string
  keywords: string
  description: string
  title: string
  phone: string
  wx: string
  company_name: string
}
export type MenuSeo = { menu: string; name: string; title: string; keywords: string; description: string }
export type Tag = { id: number; name: string; hotness: number; isHot: boolean }
