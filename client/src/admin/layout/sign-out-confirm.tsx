import { Modal } from 'antd'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { post } from '../../lib/api-client'
import { clearSession } from '../../lib/session'

/**
 * 退出登录's confirmation, loaded when the button is first pressed (admin-layout.tsx): the layout sits
 * outside antd's App (page-app.tsx), so it keeps its own modal holder, inside the console's theme.
 */
export default function SignOutConfirm({ onClose }: { onClose: () => void }) {
  const [modal, holder] = Modal.useModal()
  const navigate = useNavigate()

  useEffect(() => {
    const dialog = modal.confirm({
      title: '退出登录',
      content: '确定要退出登录吗？',
      okText: '退出',
      cancelText: '取消',
      onOk: async () => {
        await post('/api/Member/logout', {}, { silent: true }).catch(() => undefined)
        clearSession()
        navigate('/', { replace: true })
      },
      afterClose: onClose,
    })
    return () => dialog.destroy()
  }, [modal, navigate, onClose])

  return holder
}
