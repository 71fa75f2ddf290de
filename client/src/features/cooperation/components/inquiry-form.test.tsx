import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '../../../testing/render-routes'
import { InquiryForm } from './inquiry-form'

type Call = { url: string; body: Record<string, unknown> }
const TYPES = [
  { id: 1, name: '专题培训', intro: '', cover_img: '' },
  { id: 2, name: '干部讲座', intro: '', cover_img: '' },
]
const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { status: 200 })

/** The server at the network boundary: the types, a new image per captcha call, and `answers` to addInquiry in turn. */
function server(
  answers: [unknown, number][] = [[{ code: 200, msg: '操作成功', data: { id: 7, message: '提交成功，我们会尽快与您联系' } }, 200]],
) {
  const calls: Call[] = []
  let captchas = 0
  let sends = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse((init.body as string) ?? '{}') as Record<string, unknown> })
      if (url.endsWith('/cooperationType')) return ok(TYPES)
      if (url.endsWith('/captcha'))
        return ok({ captchaId: `cap-${++captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresIn: 300 })
      const [body, status] = answers[Math.min(sends++, answers.length - 1)]
      return new Response(JSON.stringify(body), { status })
    }),
  )
  return calls
}
const sent = (calls: Call[]) => calls.filter((call) => call.url.endsWith('/addInquiry')).map((call) => call.body)
const captchaCalls = (calls: Call[]) => calls.filter((call) => call.url.endsWith('/captcha')).length

const renderForm = (typeId = 2) => renderRoutes([{ path: '/', element: <InquiryForm typeId={typeId} /> }], '/')

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } })
}
const valid = {
  单位名称: '某市委党校',
  联系人: '王老师',
  联系电话: '010-12345678',
  合作需求: '下月为中青年干部班安排一次专题培训。',
  图形验证码: 'ab12',
}

afterEach(() => vi.unstubAllGlobals())

describe('InquiryForm', () => {
  test("preselects the page's cooperation type and draws no captcha until someone starts", async () => {
    const calls = server()
    renderForm(2)

    await waitFor(() => expect(screen.getByRole('option', { name: '干部讲座' })).toBeTruthy())
    expect((screen.getByLabelText('合作类型') as HTMLSelectElement).value).toBe('2')
    expect(captchaCalls(calls)).toBe(0)

    fireEvent.focus(screen.getByLabelText('单位名称'))

    await waitFor(() => expect(screen.getByRole('img', { name: '图形验证码' })).toBeTruthy())
    expect(captchaCalls(calls)).toBe(1)
  })

  test('an empty or wrong form names each problem in Chinese and sends nothing', async () => {
    const calls = server()
    renderForm()

    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '12345' } })
    fireEvent.click(screen.getByRole('button', { name: '提交咨询' }))

    for (const message of [
      '请输入单位名称',
      '请输入联系人',
      '请输入正确的手机号或带区号的固定电话',
      '请填写合作需求',
      '请输入图形验证码',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy()
    }
    expect(screen.getByLabelText('联系电话').getAttribute('aria-invalid')).toBe('true')
    expect(sent(calls)).toEqual([])
  })

  test('sends the inquiry with the captcha and shows the success message', async () => {
    const calls = server()
    renderForm(2)
    fireEvent.focus(screen.getByLabelText('单位名称'))
    await screen.findByRole('img', { name: '图形验证码' })

    fill(valid)
    fireEvent.click(screen.getByRole('button', { name: '提交咨询' }))

    expect(await screen.findByText('提交成功，我们会尽快与您联系')).toBeTruthy()
    expect(screen.getByRole('button', { name: '继续咨询' })).toBeTruthy()
    expect(sent(calls)).toEqual([
      {
        typeId: 2,
        organization: '某市委党校',
        contactName: '王老师',
        phone: '010-12345678',
        message: '下月为中青年干部班安排一次专题培训。',
        captchaId: 'cap-1',
        captchaCode: 'ab12',
      },
    ])
  })

  test("a refusal shows the server's words and a new captcha image for the next try", async () => {
    const calls = server([
      [{ code: 400, msg: '图形验证码错误', data: null }, 400],
      [{ code: 200, msg: '操作成功', data: { id: 8, message: '提交成功，我们会尽快与您联系' } }, 200],
    ])
    renderForm(1)
    fireEvent.focus(screen.getByLabelText('单位名称'))
    await screen.findByRole('img', { name: '图形验证码' })
    fill(valid)

    fireEvent.click(screen.getByRole('button', { name: '提交咨询' }))

    expect((await screen.findByRole('alert')).textContent).toBe('图形验证码错误')
    await waitFor(() => expect(captchaCalls(calls)).toBe(2))
    expect((screen.getByLabelText('图形验证码') as HTMLInputElement).value).toBe('')
    // The rest of the form is kept for the next try.
    expect((screen.getByLabelText('单位名称') as HTMLInputElement).value).toBe('某市委党校')

    fill({ 图形验证码: 'cd34' })
    fireEvent.click(screen.getByRole('button', { name: '提交咨询' }))

    await screen.findByText('提交成功，我们会尽快与您联系')
    expect(sent(calls).map((body) => [body.captchaId, body.captchaCode])).toEqual([
      ['cap-1', 'ab12'],
      ['cap-2', 'cd34'],
    ])
  })
})
