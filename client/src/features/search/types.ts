import type { SearchType } from '../../lib/search-params'

export type TeacherHit = { type: 'teacher'; id: number; name: string; img: string; title: string; intro: string; matched: string[] }
export type CourseHit = {
  type: 'course'
  id: number
  title: string
  cover_img: string
  intro: string
  teacher: { id: number; name: string } | null
  matched: string[]
}
export type SpecialHit = {
  type: 'special'
  id: number
  title: string
  cover_img: string
  special_url: string
  intro: string
  matched: string[]
}
export type SearchHit = TeacherHit | CourseHit | SpecialHit

export type SearchResult = {
  list: SearchHit[]
  total: number
  page: number
  limit: number
  type: SearchType
  keyWord: string | null
  label: string | null
  /** The server stops counting at 1000 matches. */
  isCapped: boolean
}
