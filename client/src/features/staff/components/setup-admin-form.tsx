import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { NewPasswordFields } from '../../../components/ui/new-password-fields'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { paths } from '../../../config/paths'
import { showToast } from '../../../lib/toast'
import { useFormState } from '../../../lib/use-form-state'
import {
  collectProblems,
  confirmProblem,
  newPasswordProblem,
  NICKNAME_MAX,
  nicknameProblem,
  PHONE_LENGTH,
  phoneProblem,
} from '../../../lib/validation'
import { setupAdmin } from '../api/setup-admin'

const initial = { phone: '', nickname: '平台管理员', password: '', confirmPassword: '' }
type SetupValues = typeof initial

const check = (values: SetupValues) =>
  collectProblems({
    phone: () => phoneProblem(values.phone),
    nickname: () => nicknameProblem(values.nickname),
    password: () => newPasswordProblem(values.password),
    confirmPassword: () => confirmProblem(values.password, values.confirmPassword),
  })

/** The first admin's account; the token comes from the link in the start-up log. */
export function SetupAdminForm({ token }: { token: string }) {
  const form = useFormState('setup', initial, check)
  const { values, errors } = form
  const [created, setCreated] = useState<string | null>(null)

  const mutation = useMutation({
    mutationFn: () => setupAdmin({ token, phone: values.phone.trim(), nickname: values.nickname.trim(), password: values.password }),
    onSuccess: (result) => {
      setCreated(result.nickname)
      showToast('管理员已创建，请登录', 'success')
    },
  })

  if (created) {
    return (
      <div className="auth-notice" role="status">
        <p>
          管理员 <strong>{created}</strong> 已创建，安装链接随之失效。
        </p>
        <p>请用刚才的手机号和密码登录；之后可在命令行用 npm run admin 添加编辑或重置密码。</p>
        <Link className="btn auth-notice__action" to={paths.login}>
          去登录
        </Link>
      </div>
    )
  }

  return (
    <form className="auth-form" onSubmit={form.submitWith(mutation.isPending, () => mutation.mutate())} noValidate>
      <TextField
        id="setup-phone"
        label="管理员手机号"
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        maxLength={PHONE_LENGTH}
        placeholder="用于登录"
        value={values.phone}
        onValueChange={(phone) => form.change({ phone })}
        onBlur={() => form.blur('phone')}
        error={errors.phone}
      />
      <TextField
        id="setup-nickname"
        label="昵称"
        autoComplete="nickname"
        maxLength={NICKNAME_MAX}
        value={values.nickname}
        onValueChange={(nickname) => form.change({ nickname })}
        onBlur={() => form.blur('nickname')}
        error={errors.nickname}
      />
      <NewPasswordFields
        idPrefix="setup"
        label="登录密码"
        confirmLabel="确认密码"
        confirmPlaceholder="请再次输入密码"
        values={values}
        onChange={form.change}
        errors={errors}
        onBlurField={form.blur}
      />
      <SubmitButton isPending={mutation.isPending} pendingText="创建中…">
        创建管理员
      </SubmitButton>
    </form>
  )
}
