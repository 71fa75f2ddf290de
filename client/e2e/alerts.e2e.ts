// Staff alerts in a real browser against the real server (with its job worker): an admin adds a 钉钉
// robot on 告警通知 pointing at a local fake of the robot, tests it, and a member's contribution then
// reaches the fake as a signed post while the console's menu counts it.
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_ADMIN, DEMO_MEMBER } from '../../seed/demo-accounts'
import { setUpJourneys } from './harness'

const journeys = setUpJourneys({ JOB_CONCURRENCY: '1' })
const { newPage } = journeys

type Post = { query: URLSearchParams; body: { msgtype?: string; markdown?: { title: string; text: string } } }
const posts: Post[] = []
let robot: http.Server
let robotUrl = ''

beforeAll(async () => {
  robot = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      posts.push({
        query: new URL(req.url ?? '/', 'http://127.0.0.1').searchParams,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Post['body'],
      })
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ errcode: 0, errmsg: 'ok' }))
    })
  })
  await new Promise<void>((resolve) => robot.listen(0, '127.0.0.1', resolve))
  robotUrl = `http://127.0.0.1:${(robot.address() as AddressInfo).port}/robot/send?access_token=${crypto.randomBytes(16).toString('hex')}`
})
afterAll(async () => {
  robot.closeAllConnections()
  await new Promise((resolve) => robot.close(resolve))
})

const signedBy = (secret: string, post: Post) => {
  const timestamp = post.query.get('timestamp') ?? ''
  return post.query.get('sign') === crypto.createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64')
}

describe('staff alerts', () => {
  test('an admin adds and tests a 钉钉 robot; a new contribution reaches it signed and shows in the menu', async () => {
    const secret = `SEC${crypto.randomBytes(20).toString('hex')}`
    const { page, consoleErrors } = await newPage({ viewport: { width: 1440, height: 900 } })
    await journeys.signIn(page, DEMO_ADMIN, '/admin/system/alert')

    await page.getByRole('button', { name: /添加通道/ }).click()
    const drawer = page.getByRole('dialog')
    await drawer.getByLabel('名称').fill('审核群')
    await drawer.getByLabel('类型').click()
    await page.locator('.ant-select-item-option', { hasText: '钉钉自定义机器人（加签）' }).click()
    await drawer.getByLabel('Webhook 地址').fill(robotUrl)
    await drawer.getByLabel('签名密钥').fill(secret)
    await drawer.getByRole('button', { name: /保\s*存/ }).click()
    const row = page.locator('tr', { hasText: '审核群' })
    await row.getByText('从未发送').waitFor()
    // The robot's key never comes back to the browser.
    expect(await page.content()).not.toContain(robotUrl.split('access_token=')[1])

    await row.getByRole('button', { name: '测试「审核群」' }).click()
    await page.getByText('发送成功：钉钉自定义机器人已接收（HTTP 200）').waitFor()
    expect(posts).toHaveLength(1)
    expect(signedBy(secret, posts[0])).toBe(true)
    expect(posts[0].body.markdown?.text).toContain('告警通道「审核群」配置正确')

    const token = await journeys.tokenOf(DEMO_MEMBER)
    await journeys.callAs(token, 'Member/addContribution', { title: '告警旅程投稿', kind: 'viewpoint', content: '<p>正文</p>' })
    await expect.poll(() => posts.length, { timeout: 20_000 }).toBe(2)
    expect(signedBy(secret, posts[1])).toBe(true)
    expect(posts[1].body.markdown).toMatchObject({ title: '新投稿待审核', text: expect.stringContaining('学术观点《告警旅程投稿》') })
    expect(posts[1].body.markdown?.text).toMatch(/\(http:\/\/[^)]+\/admin\/review\/contribution\)/)

    await page.reload()
    await page
      .getByRole('menu', { name: '管理后台导航' })
      .getByLabel(/项待处理/)
      .first()
      .waitFor()
    expect(consoleErrors).toEqual([])
  })
})
