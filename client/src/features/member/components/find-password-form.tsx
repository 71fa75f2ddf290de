import { useMutation } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '../../../config/paths'
import { showToast } from '../../../lib/toast'
import { findPass } from '../api/find-pass'
import { useFormState } from '../../../lib/use-form-state'
import { collectProblems, confirmProblem, newPasswordProblem, phoneProblem, smsCodeProblem } from '../../../lib/validation'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { PhoneVerification } from './phone-verification'
import { SubmitButton } from '../../../components/ui/submit-button'

const initial = { phone: '', captchaCode: '', code: '', password: '', confirmPassword: '' }
type FindPassValues = typeof initial

const check = (values: FindPassValues) =>
  collectProblems({
    phone: () => phoneProblem(values.phone),
    code: () => smsCodeProblem(values.code),
    password: () => newPasswordProblem(values.password, '新密码'),
    confirmPassword: () => confirmProblem(values.password, values.confirmPassword),
  })

/** Resets the password with an SMS code sent to the registered phone, then back to login. */
export function FindPasswordForm() {
  const navigate = useNavigate()
  const form = useFormState('forget', initial, check)
  const { values, errors } = form

  const mutation = useMutation({
    mutationFn: () =>
      findPass({
        phone: values.phone.trim(),
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      }),
    onSuccess: () => {
      showToast('密码已重置，请使用新密码登录', 'success')
      navigate(paths.login, { replace: true })
    },
  })

  return (
    <form className="auth-form" onSubmit={form.submitWith(mutation.isPending, () => mutation.mutate())} noValidate>
      <PhoneVerification
        purpose="findPass"
        idPrefix="forget"
        values={values}
        onChange={form.change}
        errors={errors}
        onErrors={form.addErrors}
        onBlurField={form.blur}
      />
      <NewPasswordFields
        idPrefix="forget"
        label="新密码"
        confirmLabel="确认新密码"
        confirmPlaceholder="请再次输入新密码"
        values={values}
        onChange={form.change}
        errors={errors}
        onBlurField={form.blur}
      />
      <SubmitButton isPending={mutation.isPending} pendingText="提交中…">
        重置密码
      </SubmitButton>
    </form>
  )
}
