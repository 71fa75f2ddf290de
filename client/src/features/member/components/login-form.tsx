import { useMutation } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '../../../config/paths'
import { ApiError } from '../../../lib/api-client'
import { showToast } from '../../../lib/toast'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import { CAPTCHA_REQUIRED, login } from '../api/login'
import { useCaptcha } from '../hooks/use-captcha'
import { useCountdown } from '../hooks/use-countdown'
import { useFormState } from '../../../lib/use-form-state'
import { useSession } from '../hooks/use-session'
import { safeRedirect } from '../lib/redirect'
import { captchaProblem, collectProblems, PASSWORD_HINT, phoneProblem } from '../../../lib/validation'
import { CaptchaField } from './captcha-field'
import { PasswordField } from '../../../components/ui/password-field'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'

const initial = { phone: '', password: '', captchaCode: '', remember: false }
type LoginValues = typeof initial

const checkWith = (isCaptchaShown: boolean) => (values: LoginValues) =>
  collectProblems({
    phone: () => phoneProblem(values.phone),
    password: () => (values.password ? null : '请输入密码'),
    captchaCode: () => (isCaptchaShown ? captchaProblem(values.captchaCode) : null),
  })
const checkPlain = checkWith(false)
const checkWithCaptcha = checkWith(true)

/**
 * Phone and password; remember-me keeps the session 15 days instead of 1 (spec §4). After failed
 * attempts the server asks for the image captcha: the form shows it from then on, with a fresh
 * image after every failed attempt (the server accepts one guess per image).
 */
export function LoginForm() {
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const session = useSession()
  const [isCaptchaShown, setCaptchaShown] = useState(false)
  const form = useFormState('login', initial, isCaptchaShown ? checkWithCaptcha : checkPlain)
  const challenge = useCaptcha('login', { enabled: isCaptchaShown })
  const wait = useCountdown()
  const captchaInput = useRef<HTMLInputElement>(null)
  const [failure, setFailure] = useState('')
  const throttle = useThrottledAction()

  useEffect(() => {
    if (isCaptchaShown) captchaInput.current?.focus()
  }, [isCaptchaShown])

  const mutation = useMutation({
    mutationFn: () =>
      login({
        phone: form.values.phone.trim(),
        password: form.values.password,
        isWithout: form.values.remember,
        ...(isCaptchaShown && challenge.captcha
          ? { captchaId: challenge.captcha.captchaId, captchaCode: form.values.captchaCode.trim() }
          : {}),
      }),
    onSuccess: (result) => {
      showToast(`欢迎回来，${result.nickname}`, 'success')
      navigate(safeRedirect(search.get('redirect')), { replace: true })
    },
    onError: (error) => {
      setFailure(error.message)
      if (error instanceof ApiError && error.code === CAPTCHA_REQUIRED) setCaptchaShown(true)
      // "请 N 秒后再试": the button counts the wait down instead of letting the member guess.
      const seconds = /(\d+)\s*秒/.exec(error.message)
      if (seconds) wait.start(Number(seconds[1]))
      if (isCaptchaShown) {
        form.change({ captchaCode: '' })
        challenge.refresh()
      }
    },
  })

  const onSubmit = useCallback(
    (event: React.FormEvent) => {
      event.preventDefault()
      setFailure('')
      if (!form.validate() || mutation.isPending || wait.isRunning) return
      if (isCaptchaShown && !challenge.captcha) return // the image is still loading
      throttle(JSON.stringify([form.values, challenge.captcha?.captchaId]), () => mutation.mutate())
    },
    [form, mutation, wait.isRunning, isCaptchaShown, challenge.captcha, throttle],
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
      {isCaptchaShown && (
        <CaptchaField
          ref={captchaInput}
          id="login-captchaCode"
          value={form.values.captchaCode}
          onValueChange={(captchaCode) => form.change({ captchaCode })}
          onBlur={() => form.blur('captchaCode')}
          error={form.errors.captchaCode}
          challenge={challenge}
        />
      )}
      <div className="auth-form__row">
        <label className="member-check">
          <input type="checkbox" checked={form.values.remember} onChange={(event) => form.change({ remember: event.target.checked })} />
          <span>记住我（15 天内免登录）</span>
        </label>
        <Link to={paths.findPassword}>忘记密码？</Link>
      </div>
      <SubmitButton isPending={mutation.isPending || wait.isRunning} pendingText={wait.isRunning ? `${wait.left} 秒后可重试` : '登录中…'}>
        登 录
      </SubmitButton>
    </form>
  )
}
