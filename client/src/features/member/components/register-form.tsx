import { useMutation } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { ABOUT_TABS, paths } from '../../../config/paths'
import { showToast } from '../../../lib/toast'
import { register } from '../api/register'
import { useFormState } from '../../../lib/use-form-state'
import {
  collectProblems,
  confirmProblem,
  newPasswordProblem,
  NICKNAME_MAX,
  nicknameProblem,
  phoneProblem,
  smsCodeProblem,
} from '../../../lib/validation'
import { FieldError } from '../../../components/ui/field-error'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { PhoneVerification } from './phone-verification'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'

const initial = { phone: '', captchaCode: '', code: '', password: '', confirmPassword: '', nickname: '', agree: false }
type RegisterValues = typeof initial

// The image captcha is checked when the SMS code is requested, not on submit.
const check = (values: RegisterValues) =>
  collectProblems({
    phone: () => phoneProblem(values.phone),
    code: () => smsCodeProblem(values.code),
    password: () => newPasswordProblem(values.password),
    confirmPassword: () => confirmProblem(values.password, values.confirmPassword),
    nickname: () => nicknameProblem(values.nickname),
    agree: () => (values.agree ? null : '请阅读并同意《服务条款》和《隐私政策》'),
  })

/** Registration with captcha + SMS code; the consent box starts unticked and is required. */
export function RegisterForm() {
  const navigate = useNavigate()
  const form = useFormState('register', initial, check)
  const { values, errors } = form

  const mutation = useMutation({
    mutationFn: () =>
      register({
        phone: values.phone.trim(),
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        nickname: values.nickname.trim(),
        agree: true,
      }),
    onSuccess: (result) => {
      showToast(`注册成功，欢迎您，${result.nickname}`, 'success')
      navigate(paths.user(), { replace: true })
    },
  })

  return (
    <form className="auth-form" onSubmit={form.submitWith(mutation.isPending, () => mutation.mutate())} noValidate>
      <PhoneVerification
        purpose="register"
        idPrefix="register"
        values={values}
        onChange={form.change}
        errors={errors}
        onErrors={form.addErrors}
        onBlurField={form.blur}
      />
      <NewPasswordFields
        idPrefix="register"
        label="设置密码"
        confirmLabel="确认密码"
        confirmPlaceholder="请再次输入密码"
        values={values}
        onChange={form.change}
        errors={errors}
        onBlurField={form.blur}
      />
      <TextField
        id="register-nickname"
        label="昵称"
        autoComplete="nickname"
        maxLength={NICKNAME_MAX}
        placeholder="最多 20 个字，登录后显示在页面顶部"
        value={values.nickname}
        onValueChange={(nickname) => form.change({ nickname })}
        onBlur={() => form.blur('nickname')}
        error={errors.nickname}
      />
      <div className="auth-form__consent">
        <label className="member-check">
          <input
            id="register-agree"
            type="checkbox"
            checked={values.agree}
            onChange={(event) => form.change({ agree: event.target.checked })}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? 'register-agree-error' : undefined}
          />
          <span>
            我已阅读并同意
            <Link to={paths.about(ABOUT_TABS.terms)} target="_blank" rel="noopener">
              《服务条款》
            </Link>
            和
            <Link to={paths.about(ABOUT_TABS.privacy)} target="_blank" rel="noopener">
              《隐私政策》
            </Link>
          </span>
        </label>
        <FieldError id="register-agree-error" message={errors.agree} />
      </div>
      <SubmitButton isPending={mutation.isPending} pendingText="注册中…">
        立即注册
      </SubmitButton>
    </form>
  )
}
