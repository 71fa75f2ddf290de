import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { confirmDialog } from '../../../../components/layout/confirm-dialog'
import { clearSession } from '../../../../lib/session'
import { showToast } from '../../../../lib/toast'
import { useThrottledAction } from '../../../../lib/use-throttled-action'
import { deleteAccount } from '../../api/delete-account'
import { FieldError } from '../../../../components/ui/field-error'
import { PasswordField } from '../../../../components/ui/password-field'
import { SubmitButton } from '../../../../components/ui/submit-button'

/** Tab 8: password, an explicit acknowledgement and a final confirmation before anything happens. */
export function DeleteAccountForm() {
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [isAcknowledged, setAcknowledged] = useState(false)
  const [errors, setErrors] = useState<{ password?: string; acknowledge?: string }>({})
  const throttle = useThrottledAction()

  const mutation = useMutation({
    mutationFn: () => deleteAccount(password),
    onSuccess: async () => {
      showToast('账号已注销，感谢您的使用', 'success')
      // Leave the user centre first, so it never flashes its "please log in" notice.
      await navigate('/', { replace: true })
      clearSession()
    },
    onError: (error) => setErrors({ password: error.message }),
  })

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    const problems = {
      password: password ? undefined : '请输入密码以确认注销',
      acknowledge: isAcknowledged ? undefined : '请先勾选确认已了解注销后果',
    }
    setErrors(problems)
    if (problems.password) document.getElementById('delete-password')?.focus()
    if (problems.password || problems.acknowledge || mutation.isPending) return
    const isConfirmed = await confirmDialog({
      title: '注销账号',
      message: '注销后账号将无法登录，关注、收藏等数据将被清除且无法恢复。确定要注销吗？',
      confirmText: '确认注销',
      cancelText: '再想想',
    })
    if (isConfirmed) throttle(password, () => mutation.mutate())
  }

  return (
    <form className="uc-form uc-form--narrow" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="uc-warning" role="note">
        <strong>注销前请您知悉：</strong>
        <ul>
          <li>注销后该账号将无法再次登录，手机号可重新注册新账号；</li>
          <li>您的个人资料、关注的名师、收藏的课程与专题将被清除且无法恢复；</li>
          <li>已发布的投稿将保留，但不再显示您的个人信息。</li>
        </ul>
      </div>
      <PasswordField
        id="delete-password"
        label="登录密码"
        autoComplete="current-password"
        maxLength={100}
        placeholder="请输入登录密码以验证身份"
        value={password}
        onValueChange={(value) => {
          setPassword(value)
          setErrors((current) => ({ ...current, password: undefined }))
        }}
        error={errors.password}
      />
      <div className="form-field">
        <label className="member-check">
          <input
            type="checkbox"
            checked={isAcknowledged}
            aria-invalid={errors.acknowledge ? true : undefined}
            onChange={(event) => {
              setAcknowledged(event.target.checked)
              setErrors((current) => ({ ...current, acknowledge: undefined }))
            }}
          />
          <span>我已了解注销后账号数据将被清除且无法恢复</span>
        </label>
        <FieldError message={errors.acknowledge} />
      </div>
      <div className="uc-form__actions">
        <SubmitButton className="btn uc-danger" isPending={mutation.isPending} pendingText="注销中…">
          注销账号
        </SubmitButton>
      </div>
    </form>
  )
}
