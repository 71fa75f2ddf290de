import { describe, expect, test } from 'vitest'
import { plainTextToHtml } from './plain-text-html'

describe('plainTextToHtml', () => {
  test('blank lines separate paragraphs and single breaks stay inside one', () => {
    expect(plainTextToHtml('第一段\r\n第一段第二行\n\n\n第二段  ')).toBe('<p>第一段<br>第一段第二行</p><p>第二段</p>')
  })

  test('typed markup is shown as text, never as tags', () => {
    expect(plainTextToHtml('<script>alert("x")</script> & <b>粗体</b>')).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;粗体&lt;/b&gt;</p>',
    )
  })

  test('whitespace only gives nothing to send', () => {
    expect(plainTextToHtml(' \n \n\t')).toBe('')
  })
})
