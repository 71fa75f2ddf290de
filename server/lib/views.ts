// Atomic view counting for detail pages: one UPDATE ... SET views = views + 1, so concurrent
// visits never lose increments. Raw SQL on purpose: Prisma's update would also stamp updatedAt
// (a visit is not an edit) and costs ~1.5 ms of CPU per query (see sqlite.ts). The UPDATE runs on
// the side connection; if the database is locked (a Prisma transaction in flight) it is handed to
// Prisma, whose connection is the one holding the transaction.
import { prisma } from '../db'
import { isBusy, prepared } from './sqlite'

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
  const sql = `UPDATE "${table}" SET "views" = "views" + 1 WHERE "id" = ? AND ${visible[table]}`
  try {
    return prepared<[number]>(sql).run(id).changes > 0
  } catch (error) {
    if (!isBusy(error)) throw error
    return (await prisma.$executeRawUnsafe(sql, id)) > 0
  }
}
