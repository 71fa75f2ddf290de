import { Code } from './api-error'
import { INLINE_SANITIZE_MAX, sanitizeRichText, sanitizeRichTextAsync, stripMarkup, stripMarkupAsync } from './sanitize'

// Every kind of markup the allow-list acts on, repeated past the size that goes to a worker thread.
const hostile =
  '<p onclick="alert(1)" class="loading-mask is-visible" style="position:fixed">正文 &amp; <b>粗体</b><script>alert(2)</script>' +
  '<a href="javascript:alert(3)">坏链接</a><a href="https://example.com" target="_blank">好链接</a>' +
  '<img src="data:image/png;base64,AAAA" onerror="alert(4)"><iframe src="https://evil.example"></iframe>' +
  '<video src="/uploads/v.mp4" controls autoplay></video><table><tr><td colspan="2">表</td></tr></table></p>'
const big = hostile.repeat(Math.ceil((INLINE_SANITIZE_MAX * 2) / hostile.length))

// What the console's editor (StarterKit and Image, client/src/admin/rich-text/rich-text-editor.tsx)
// writes for every format it offers, as its getHTML() returns it.
const editorHtml =
  '<h2>大标题</h2><h3>中标题</h3><h4>小标题</h4><p><strong>粗</strong><em>斜</em><s>删</s><u>下</u>' +
  '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a">链接</a><br>换行</p>' +
  '<ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol><blockquote><p>引用</p></blockquote>' +
  '<img src="/uploads/2026/05/a.png" alt="图"><hr>'

describe('the rich-text allow-list', () => {
  test("drops the site's own classes, inline styles and ids, so stored markup cannot cover the page", () => {
    const overlay =
      '<div class="loading-mask is-visible" style="position:fixed;inset:0;z-index:9999" id="root">' +
      '<p class="loading-mask__text" data-x="1"><a class="loading-mask" href="https://evil.example/login" id="go">登录已过期，请重新登录</a></p></div>'

    expect(sanitizeRichText(overlay)).toBe(
      '<div><p><a href="https://evil.example/login" rel="noopener noreferrer nofollow">登录已过期，请重新登录</a></p></div>',
    )
  })

  test('keeps everything the editor writes, formats and links alike', () => {
    expect(sanitizeRichText(editorHtml)).toBe(
      editorHtml.replace('<br>', '<br />').replace('alt="图">', 'alt="图" />').replace('<hr>', '<hr />'),
    )
  })
})

describe('sanitizing off the event loop', () => {
  test('a worker thread applies exactly the allow-list the event loop does', async () => {
    expect(big.length).toBeGreaterThan(INLINE_SANITIZE_MAX)

    const [rich, plain] = await Promise.all([sanitizeRichTextAsync(big), stripMarkupAsync(big)])

    expect(rich).toBe(sanitizeRichText(big))
    expect(plain).toBe(stripMarkup(big))
    expect(rich).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">')
    expect(rich).not.toMatch(/script|onclick|onerror|javascript:|iframe|autoplay|class=|style=/)
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
