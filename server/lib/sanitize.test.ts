import { Code } from '../http/envelope'
import { INLINE_SANITIZE_MAX, sanitizeRichText, sanitizeRichTextAsync, stripMarkup, stripMarkupAsync } from './sanitize'

// Every kind of markup the allow-list acts on, repeated past the size that goes to a worker thread.
const hostile =
  '<p onclick="alert(1)">正文 &amp; <b>粗体</b><script>alert(2)</script>' +
  '<a href="javascript:alert(3)">坏链接</a><a href="https://example.com" target="_blank">好链接</a>' +
  '<img src="data:image/png;base64,AAAA" onerror="alert(4)"><iframe src="https://evil.example"></iframe>' +
  '<video src="/uploads/v.mp4" controls autoplay></video><table><tr><td colspan="2">表</td></tr></table></p>'
const big = hostile.repeat(Math.ceil((INLINE_SANITIZE_MAX * 2) / hostile.length))

describe('sanitizing off the event loop', () => {
  test('a worker thread applies exactly the allow-list the event loop does', async () => {
    expect(big.length).toBeGreaterThan(INLINE_SANITIZE_MAX)

    const [rich, plain] = await Promise.all([sanitizeRichTextAsync(big), stripMarkupAsync(big)])

    expect(rich).toBe(sanitizeRichText(big))
    expect(plain).toBe(stripMarkup(big))
    expect(rich).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">')
    expect(rich).not.toMatch(/script|onclick|onerror|javascript:|iframe|autoplay/)
  })

  test('small input is answered the same way without a worker', async () => {
    expect(await sanitizeRichTextAsync(hostile)).toBe(sanitizeRichText(hostile))
    expect(await stripMarkupAsync(null)).toBe('')
  })

  test('past the backlog a caller is told to retry instead of waiting', async () => {
    const answers = await Promise.allSettled(Array.from({ length: 48 }, () => sanitizeRichTextAsync(big)))

    const refused = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason] : []))
    expect(refused.length).toBeGreaterThan(0)
    expect(refused[0]).toMatchObject({ code: Code.UNAVAILABLE, message: '系统繁忙，请稍后再试' })
    const done = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []))
    expect(done.length).toBeGreaterThan(0)
    expect(new Set(done)).toEqual(new Set([sanitizeRichText(big)]))
  })
})
