// The console's media library holds the files the site uses, not only new uploads: in a real browser
// against the real server, staff find a seeded teacher photo by its teacher's name, see where it is
// used and follow the link to the teacher, and give the photo alt text.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DEMO_ADMIN } from '../../seed/demo-accounts'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage } = journeys

type Item = { id: number; name: string; alt: string; usedBy: { entity: string; id: number; label: string }[] }

const adminCall = async <T>(action: string, body: object) => journeys.callAs<T>(await journeys.tokenOf(DEMO_ADMIN), `Admin/${action}`, body)
const login = (page: Page, redirect: string) => journeys.signIn(page, DEMO_ADMIN, redirect)

describe('the media library in the console', () => {
  test('a seeded teacher photo is found by name with its usage, links to its teacher and takes alt text', async () => {
    const { list } = await adminCall<{ list: Item[] }>('mediaList', { folder: '名师', kind: 'image', limit: 1 })
    const [photo] = list
    const [teacher] = photo.usedBy
    expect(teacher.entity).toBe('teacher')

    const { page, consoleErrors } = await newPage({ viewport: { width: 1440, height: 900 } })
    await login(page, '/admin/media')
    await page.getByRole('searchbox', { name: '搜索文件名' }).fill(teacher.label)
    await page.getByRole('searchbox', { name: '搜索文件名' }).press('Enter')
    const card = page.getByRole('list', { name: '媒体文件' }).getByRole('listitem').filter({ hasText: photo.name })
    await card.getByText('被 1 项内容使用').waitFor()

    // Alt text, saved from the library.
    await card.getByRole('button', { name: `编辑「${photo.name}」` }).click()
    await page.getByLabel('替代文字').fill(`${teacher.label}在讲台上授课`)
    await page.getByRole('button', { name: /^保\s?存$/ }).click()
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' })
    expect((await adminCall<Item>('mediaGet', { id: photo.id })).alt).toBe(`${teacher.label}在讲台上授课`)

    // Where it is used, and the way to that teacher's form.
    await card.getByRole('button', { name: `「${photo.name}」的引用位置` }).hover()
    await page.getByRole('link', { name: teacher.label, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/admin/teacher' && url.searchParams.get('edit') === String(teacher.id))
    await page.locator('.ant-drawer-open').waitFor()
    expect(await page.locator('.ant-drawer-open').getByLabel('姓名', { exact: true }).inputValue()).toBe(teacher.label)
    expect(consoleErrors).toEqual([])

    // The teacher's public page describes the photo with that alt text: in the server's page and in the browser's.
    const alt = `${teacher.label}在讲台上授课`
    const html = await (await fetch(`${journeys.portal.baseUrl}/teacher/detail/${teacher.id}`)).text()
    expect(html).toContain(`alt="${alt}"`)
    const visitor = await newPage()
    await visitor.page.goto(`${journeys.portal.baseUrl}/teacher/detail/${teacher.id}`)
    expect(await visitor.page.getByRole('img', { name: alt }).count()).toBeGreaterThan(0)
    // Reached from another page, the browser asks for it itself.
    await visitor.page.goto(`${journeys.portal.baseUrl}/about`)
    await visitor.page.evaluate((path) => {
      window.history.pushState(null, '', path)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, `/teacher/detail/${teacher.id}`)
    await visitor.page.getByRole('img', { name: alt }).first().waitFor()
    expect(visitor.consoleErrors).toEqual([])
  })
})
