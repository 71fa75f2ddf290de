export type SpecialSummary = { id: number; title: string; cover_img: string; special_url?: string; intro?: string; views?: number }

export type SpecialDetail = SpecialSummary & {
  special_url: string
  intro: string
  content: string
  views: number
  categoryId: number
  categoryName?: string
  tags: { id: number; name: string }[]
  isCollected: boolean
  createdAt?: string
}

export type SpecialTag = { id?: number; name: string }
