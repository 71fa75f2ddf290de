import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { installChineseZodMessages } from '../../../common/validation/zod-messages'

// As in app/start.tsx, so components under test read the same messages.
installChineseZodMessages()

afterEach(() => {
  cleanup()
  localStorage.clear()
})
