// Scheduled publishing with two server processes of one site, as a team that outgrew one process
// runs it: a course scheduled a few seconds ahead is a 404 until its time, then shows on its public
// page (through the other process) within a minute, published exactly once, by the scheduler.
import crypto from 'node:crypto'
import { expect, test } from 'vitest'
import { DEMO_ADMIN } from '../../seed/demo-accounts'
import { setUpJourneys, startPortal, withoutNotFoundStatus } from './harness'

// Both processes look for due times every second (SCHEDULE_CHECK_SECONDS; 15 s by default).
const CHECK = { SCHEDULE_CHECK_SECONDS: '1' }
const journeys = setUpJourneys(CHECK)

type Audit = { list: { staffName: string; summary: string }[]; total: number }

test('a scheduled course shows on its public page within a minute of its time, published once with two processes running', async () => {
  const second = await startPortal(CHECK, journeys.portal)
  try {
    const token = await journeys.tokenOf(DEMO_ADMIN)
    const admin = <T>(action: string, body: object) => journeys.callAs<T>(token, `Admin/${action}`, body)
    const [model] = (await admin<{ list: { category: string; teacher: string }[] }>('courseList', { page: 1, limit: 1 })).list
    const title = `定时课程${crypto.randomBytes(3).toString('hex')}`
    const { id } = await admin<{ id: number }>('courseSave', {
      slug: `scheduled-${crypto.randomBytes(3).toString('hex')}`,
      title,
      category: model.category,
      teacher: model.teacher,
    })
    const due = Date.now() + 10_000
    await admin('courseSchedule', { id, publishAt: new Date(due).toISOString() })
    const status = async () => (await fetch(`${second.baseUrl}/course/detail/${id}`)).status
    expect(await status()).toBe(404)

    // The page turns public within a check of the time (at most a minute, however the site is set up).
    while ((await status()) === 404 && Date.now() < due + 60_000) await new Promise((resolve) => setTimeout(resolve, 500))
    const shownAfter = Date.now() - due
    expect(shownAfter).toBeGreaterThanOrEqual(0)
    expect(shownAfter).toBeLessThan(60_000)

    const { page, consoleErrors } = await journeys.newPage()
    await page.goto(`${second.baseUrl}/course/detail/${id}`)
    await page.locator('h1', { hasText: title }).waitFor()
    expect(withoutNotFoundStatus(consoleErrors)).toEqual([])

    // Every process has checked since the time (checks are a second apart): still one publish, by the scheduler.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due + 2_500 - Date.now())))
    const audit = await admin<Audit>('auditList', { entity: 'course', entityId: String(id), action: 'Admin/coursePublish' })
    expect(audit.list).toEqual([expect.objectContaining({ staffName: '定时任务', summary: `定时发布课程「${title}」` })])
  } finally {
    await second.close()
  }
})
