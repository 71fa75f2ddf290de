export type TeacherSummary = { id: number; name: string; img: string; title?: string; intro?: string }

export type TeacherDetail = TeacherSummary & {
  intro: string
  content: string
  categoryId: number
  categoryName?: string
  views: number
  isFollowed: boolean
  followers?: number
  courseCount?: number
  tags?: { id: number; name: string }[]
}

export type TeacherVideoSummary = { id: number; title: string; cover_img: string; intro?: string; views?: number }

export type TeacherVideoDetail = TeacherVideoSummary & {
  videoUrl: string
  teacher: TeacherSummary | null
  createdAt?: string
}
