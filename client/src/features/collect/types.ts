// Response shapes of the member's followed and collected lists (server/features/collect, docs/API.md).

export type CollectedCourse = { id: number; title: string; cover_img: string; teacherName?: string; views?: number; collectedAt?: string }
export type FollowedTeacher = { id: number; name: string; img: string; title?: string }
export type CollectedSpecial = { id: number; title: string; cover_img?: string; special_url?: string }
