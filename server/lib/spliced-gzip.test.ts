import zlib from 'node:zlib'
import { deflateTail, gzipSplice } from './spliced-gzip'

const gunzip = (bytes: Buffer) => zlib.gunzipSync(bytes).toString()

describe('gzipSplice', () => {
  const tail = deflateTail(Buffer.from(`"title":"${'名师课程'.repeat(200)}","views":1}}`))

  test('decompresses to the live bytes followed by the tail, whatever the live bytes are', () => {
    for (const head of ['', '{"views":1,', '{"views":123456789,"isCollected":true,', '中文'.repeat(500)]) {
      expect(gunzip(gzipSplice(Buffer.from(head), tail))).toBe(head + tail.text.toString())
    }
  })

  test('is much smaller than the text when the tail repeats itself', () => {
    const bytes = gzipSplice(Buffer.from('{"views":1,'), tail)
    expect(bytes.length).toBeLessThan(tail.text.length / 10)
  })

  test('carries a checksum of the whole text: a changed live byte is caught', () => {
    const bytes = gzipSplice(Buffer.from('{"views":1,'), tail)
    bytes[10 + 5 + 3] ^= 1 // inside the stored live bytes
    expect(() => gunzip(bytes)).toThrow(/check/i)
  })

  test('works with a tail too short to compress and refuses a live part over one stored block', () => {
    const tiny = deflateTail(Buffer.from('}'))
    expect(gunzip(gzipSplice(Buffer.from('{"a":1'), tiny))).toBe('{"a":1}')
    expect(() => gzipSplice(Buffer.alloc(70_000), tiny)).toThrow(RangeError)
  })
})
