import { Modal } from 'antd'
import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'

/**
 * Keeps unsaved edits from being lost: while `isDirty`, any navigation (closing the drawer changes
 * `?edit=`, so ×, Esc, the mask and 取消 go through here too, as do Back and the menu) asks first,
 * and closing or reloading the tab gets the browser's own question. `allowLeave` lets the next
 * navigation through (after a save).
 */
export function useLeaveGuard(isDirty: boolean) {
  const isAllowed = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      !isAllowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )

  useEffect(() => {
    if (!isDirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older Chromium needs returnValue set to show the dialog.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isDirty])

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      title="放弃未保存的修改？"
      okText="放弃"
      cancelText="继续编辑"
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      zIndex={1100}
      width={400}
    >
      表单中有尚未保存的修改，离开后这些修改将会丢失。
    </Modal>
  )
  return { dialog, allowLeave: () => (isAllowed.current = true) }
}
