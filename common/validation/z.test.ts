// The browser installs zod's Chinese messages only through the shared rules (start.tsx no longer
// does, so pages that only read never download zod): loading any of them must bring them along.
import { z } from 'zod'

const HAN = /[\u4e00-\u9fff]/
const defaultMessage = () => z.number().safeParse('x').error?.issues[0].message

beforeEach(() => {
  vi.resetModules()
  z.config({ customError: undefined })
})

test('loading a shared rule installs the Chinese messages before its first parse', async () => {
  expect(defaultMessage()).not.toMatch(HAN)
  await import('../rules/inquiry')
  expect(defaultMessage()).toMatch(HAN)
})

test('so does the content schemas module the console and the seed share', async () => {
  expect(defaultMessage()).not.toMatch(HAN)
  await import('../content-schemas')
  expect(defaultMessage()).toMatch(HAN)
})
