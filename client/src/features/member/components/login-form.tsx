import { useMutation } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { showToast } from '../../../lib/toast'
import { login } from '../api/login'
import { useFormState } from '../hooks/use-form-state'
import { useSession } from '../hooks/use-session'
import { safeRedirect } from '../lib/redirect'
import { collectProblems, PASSWORD_HINT, phoneProblem } from '../lib/validation'
import { PasswordField } from './password-field'
import { SubmitButton } from './submit-button'
import { TextField } from './text-field'

const initial = { phone: '', password: '', remember: false }
type LoginValues = typeof initial

const check = (values: LoginValues) =>
  collectProblems({
    phone: () => phoneProblem(values.phone),
    password: () => (values.password ? null : '请输入密码'),
  })

/** Phone and password; remember-me keeps the session 15 days instead of 1 (spec §4). */
export function LoginForm() {
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const session = useSession()
  const form = useFormState('login', initial, check)
  const [failure, setFailure] = useState('')

  const mutation = useMutation({
    mutationFn: () => login({ phone: form.values.phone.trim(), password: form.values.password, isWithout: form.values.remember }),
    onSuccess: (result) => {
      showToast(`欢迎回来，${result.nickname}`, 'success')
      navigate(safeRedirect(search.get('redirect')), { replace: true })
    },
    onError: (error) => setFailure(error.message),
  })

  const onSubmit = useCallback(
    (event: React.FormEvent) => {
      event.preventDefault()
      setFailure('')
      if (!form.validate() || mutation.isPending) return
      mutation.mutate()
    },
    [form, mutation],
  )

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-describedby={failure ? 'login-failure' : undefined}>
      {session && !mutation.isPending && !mutation.isSuccess && (
        <p className="auth-form__notice">您当前已登录为「{session.nickname || '会员'}」，重新登录将切换账号。</p>
      )}
      {failure && (
        <p id="login-failure" className="auth-form__alert" role="alert">
          {failure}
        </p>
      )}
      <TextField
        id="login-phone"
        label="手机号"
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        maxLength={11}
        placeholder="请输入注册时使用的手机号"
        value={form.values.phone}
        onValueChange={(phone) => form.change({ phone: phone.replace(/\D/g, '') })}
        onBlur={() => form.blur('phone')}
        error={form.errors.phone}
        autoFocus
      />
      <PasswordField
        id="login-password"
        label="密码"
        autoComplete="current-password"
        maxLength={100}
        placeholder="请输入密码"
        value={form.values.password}
        onValueChange={(password) => form.change({ password })}
        error={form.errors.password}
        hint={PASSWORD_HINT}
      />
      <div className="auth-form__row">
        <label className="member-check">
          <input type="checkbox" checked={form.values.remember} onChange={(event) => form.change({ remember: event.target.checked })} />
          <span>记住我（15 天内免登录）</span>
        </label>
        <Link to={paths.findPassword}>忘记密码？</Link>
      </div>
      <SubmitButton isPending={mutation.isPending} pendingText="登录中…">
        登 录
      </SubmitButton>
    </form>
  )
}
