// One sample URL for every public route of the router's table (client/src/app/router.tsx), with
// seeded ids looked up through the API: the browser journeys that must visit "every public route"
// (every-route.e2e.ts, a11y.e2e.ts) share this list, and a11y.e2e.ts checks it against the table so a new
// route cannot be left out.

type Api = <T>(action: string, body?: object) => Promise<T>
type Paged<T> = { list: T[] }

/** Routes of the table that are not public pages, and why. */
export const NOT_PUBLIC: Record<string, string> = {
  user: 'the user centre needs a signed-in member (member.e2e.ts)',
  'admin/setup': 'the first-run staff set-up, answered once per installation (admin.e2e.ts)',
}

export type PublicRoute = {
  /** The route's path in the table ('' for the home page, '*' for the not-found page). */
  pattern: string
  url: string
}

export async function publicRoutes(api: Api): Promise<PublicRoute[]> {
  const first = async (action: string, body: object = { limit: 1 }) => (await api<Paged<{ id: number }>>(action, body)).list[0].id
  const [teacherCategory] = await api<{ id: number }[]>('Index/teacherClass')
  const [courseCategory] = await api<{ id: number }[]>('Index/courseClass')
  const [specialCategory] = await api<{ id: number }[]>('Index/specialClass')
  let video = 0
  for (const { id } of (await api<Paged<{ id: number }>>('Teacher/teacherList', { limit: 50 })).list) {
    video = (await api<Paged<{ id: number }>>('Teacher/teacherVideo', { teacherId: id, limit: 1 })).list[0]?.id ?? 0
    if (video) break
  }
  const search = (type: string, keyWord: string) => `/search?q=${encodeURIComponent(JSON.stringify({ type, keyWord }))}`
  const samples: [string, string][] = [
    ['', '/'],
    ['teacher', '/teacher'],
    ['teacher/:cid', `/teacher/${teacherCategory.id}`],
    ['teacher/detail/:id', `/teacher/detail/${await first('Teacher/teacherList')}`],
    ['teacher/video/:id', `/teacher/video/${video}`],
    ['course', '/course'],
    ['course/:cid', `/course/${courseCategory.id}`],
    ['course/detail/:id', `/course/detail/${await first('Course/courseList')}`],
    ['subject', '/subject'],
    ['subject/:cid', `/subject/${specialCategory.id}`],
    ['subject/detail/:id', `/subject/detail/${await first('Special/specialList')}`],
    ['cooperation', '/cooperation'],
    ['cooperation/detail/:a', `/cooperation/detail/${encodeURIComponent(JSON.stringify({ id: 1, name: '专题培训' }))}`],
    ['booking', '/booking'],
    ['booking', `/booking?course=${await first('Course/courseList')}`],
    ['booking/lookup', '/booking/lookup'],
    ['about', '/about'],
    ['about', '/about?tab=2'],
    ['about', '/about?tab=4'],
    ['about', '/about?tab=5'],
    ['login', '/login'],
    ['register', '/register'],
    ['forget', '/forget'],
    ['search', search('all', '经济')],
    ['search', search('course', '经济')],
    ['notice', '/notice'],
    ['notice/detail/:id', `/notice/detail/${await first('Course/courseNoticeList')}`],
    ['schooling', '/schooling'],
    ['schooling/detail/:id', `/schooling/detail/${await first('Teacher/teacherActivity')}`],
    ['article', '/article'],
    ['article/detail/:id', `/article/detail/${await first('Teacher/teacherViewpoint')}`],
    ['question', '/question'],
    ['question/detail/:id', `/question/detail/${await first('Course/commonProblem')}`],
    ['*', '/no-such-page'],
  ]
  return samples.map(([pattern, url]) => ({ pattern, url }))
}
