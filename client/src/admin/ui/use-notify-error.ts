import { App } from 'antd'
import { useCallback } from 'react'
import { ApiError } from '../../lib/api-client'

const CONFLICT = 409

/**
 * Shows a refused call: a conflict (a delete refused because rows point at the record) stays up in
 * a dialog until read, as it names what to fix; anything else is a message.
 */
export function useNotifyError() {
  const { message, modal } = App.useApp()
  return useCallback(
    (error: unknown, title = '操作失败') => {
      const text = error instanceof Error ? error.message : String(error)
      if (error instanceof ApiError && error.code === CONFLICT) modal.warning({ title, content: text, okText: '知道了' })
      else void message.error(text)
    },
    [message, modal],
  )
}
