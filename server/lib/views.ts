// Atomic view counting for detail pages: one UPDATE ... SET views = views + 1, so concurrent
// visits never lose increments. Raw SQL on purpose: Prisma's update would also stamp updatedAt
// (a visit is not an edit, and updatedAt feeds "recently updated" logic) and adds a round trip.
import { prisma } from '../db'

// Only rows a visitor may see are counted; the fragments are fixed strings, never user input.
const visible = {
  Teacher: '"isPublished" = 1',
  Course: '"isPublished" = 1',
  Special: '"isPublished" = 1',
  Activity: '"isPublished" = 1',
  Viewpoint: '"isPublished" = 1',
  CourseNotice: '"isPublished" = 1',
  Question: '"isPublished" = 1',
  Cooperation: '"isPublished" = 1',
  TeacherVideo: `"status" = 'approved' AND "teacherId" IN (SELECT "id" FROM "Teacher" WHERE "isPublished" = 1)`,
} as const
export type ViewTable = keyof typeof visible

/** Adds one view to a visible row; false when no such visible row exists (nothing changes then). */
export async function countView(table: ViewTable, id: number): Promise<boolean> {
  const changed = await prisma.$executeRawUnsafe(`UPDATE "${table}" SET "views" = "views" + 1 WHERE "id" = ? AND ${visible[table]}`, id)
  return changed > 0
}
