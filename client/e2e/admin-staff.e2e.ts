// Staff roles in a real browser against the real server: an admin invites an editor from 员工账号 and
// reads the first password once; the editor signs in with it, must replace it with one only they know
// before the console opens, then finds no 发布 or 删除 in the course list, and the server refuses both
// if called anyway.
import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { DEMO_ADMIN } from '../../seed/demo-accounts'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys()
const { newPage, api } = journeys

async function call(token: string, action: string, body: object) {
  const res = await fetch(`${journeys.portal.baseUrl}/api/Admin/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } }
}

describe('staff accounts in the console', () => {
  test('an admin invites an editor, who signs in and can neither publish nor delete', async () => {
    const admin = await newPage({ viewport: { width: 1440, height: 900 } })
    await journeys.signIn(admin.page, DEMO_ADMIN, '/admin/staff')
    const phone = `158${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`
    const nickname = `编辑${crypto.randomBytes(2).toString('hex')}`
    await admin.page.getByRole('button', { name: /邀请员工/ }).click()
    await admin.page.getByLabel('手机号', { exact: true }).fill(phone)
    await admin.page.getByLabel('昵称', { exact: true }).fill(nickname)
    await admin.page.getByRole('button', { name: '创建账号' }).click()
    const password = (await admin.page.locator('.ant-modal code').textContent())!.trim()
    expect(password).toMatch(/^[A-Za-z\d]{12}$/)
    await admin.page.getByRole('button', { name: '我已记下' }).click()
    const row = admin.page.locator('tr', { hasText: nickname })
    await row.getByText('编辑', { exact: true }).waitFor()

    const editor = await newPage({ viewport: { width: 1440, height: 900 } })
    await journeys.signIn(editor.page, { phone, password }, '/admin/course')
    await editor.page.getByText('请先设置您的密码').waitFor()
    const { token: first } = await api<{ token: string }>('Member/login', { phone, password })
    expect((await call(first, 'courseList', { limit: 1 })).body.msg).toBe('请先修改管理员设置的初始密码，再使用管理后台')
    const mine = `Mine${crypto.randomInt(1000, 9999)}ok`
    await editor.page.getByLabel('初始密码').fill(password)
    await editor.page.getByLabel('新密码', { exact: true }).fill(mine)
    await editor.page.getByLabel('确认新密码').fill(mine)
    await editor.page.getByRole('button', { name: '设置新密码并进入后台' }).click()
    await editor.page
      .getByRole('button', { name: /^编辑「/ })
      .first()
      .waitFor()
    expect(await editor.page.getByRole('button', { name: /^(发布|下线|删除)「/ }).count()).toBe(0)
    expect(await editor.page.getByRole('checkbox').count()).toBe(0)
    expect(await editor.page.getByRole('menuitem', { name: /员工账号/ }).count()).toBe(0)
    expect(await editor.page.getByRole('button', { name: '新建课程' }).count()).toBe(1)

    const { token } = await api<{ token: string }>('Member/login', { phone, password: mine })
    const course = (await call(token, 'courseList', { limit: 1 })).body.data as { list: { id: number; isPublished: boolean }[] }
    const id = course.list[0].id
    expect(await call(token, 'coursePublish', { id, isPublished: false })).toEqual({
      status: 403,
      body: { code: 403, msg: '仅管理员和发布员可以发布或下架内容', data: null },
    })
    expect(await call(token, 'courseDelete', { id })).toEqual({
      status: 403,
      body: { code: 403, msg: '仅管理员和发布员可以删除内容', data: null },
    })
    expect((await call(token, 'courseGet', { id })).body.code).toBe(200)
    expect(admin.consoleErrors).toEqual([])
    expect(editor.consoleErrors).toEqual([])
  })
})
