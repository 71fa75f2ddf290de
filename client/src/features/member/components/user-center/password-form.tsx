import { showToast } from '../../../../lib/toast'
import { useSavePass } from '../../api/save-pass'
import { useFormState } from '../../../../lib/use-form-state'
import { collectProblems, confirmProblem, newPasswordProblem } from '../../../../lib/validation'
import { NewPasswordFields } from '../../../../components/ui/new-password-fields'
import { PasswordField } from '../../../../components/ui/password-field'
import { SubmitButton } from '../../../../components/ui/submit-button'

const initial = { oldPassword: '', password: '', confirmPassword: '' }
type PasswordValues = typeof initial

const check = (values: PasswordValues) =>
  collectProblems({
    oldPassword: () => (values.oldPassword ? null : '请输入原密码'),
    password: () =>
      newPasswordProblem(values.password, '新密码') ?? (values.password === values.oldPassword ? '新密码不能与原密码相同' : null),
    confirmPassword: () => confirmProblem(values.password, values.confirmPassword),
  })

/** Tab 2: the server signs out other devices and answers with a fresh token for this one. */
export function PasswordForm() {
  const form = useFormState('password', initial, check)
  const save = useSavePass()
  const { values, errors } = form

  const onSubmit = form.submitWith(save.isPending, () =>
    save.mutate(values, {
      onSuccess: () => {
        showToast('密码修改成功，其他设备需重新登录', 'success')
        form.reset()
      },
      onError: (error) => {
        if (error.message.includes('原密码')) form.addErrors({ oldPassword: error.message })
      },
    }),
  )

  return (
    <form className="uc-form uc-form--narrow" onSubmit={onSubmit} noValidate>
      <PasswordField
        id="password-oldPassword"
        label="原密码"
        autoComplete="current-password"
        maxLength={100}
        value={values.oldPassword}
        onValueChange={(oldPassword) => form.change({ oldPassword })}
        error={errors.oldPassword}
      />
      <NewPasswordFields
        idPrefix="password"
        label="新密码"
        confirmLabel="确认新密码"
        values={values}
        onChange={form.change}
        errors={errors}
        onBlurField={form.blur}
      />
      <div className="uc-form__actions">
        <SubmitButton isPending={save.isPending} pendingText="提交中…">
          确认修改
        </SubmitButton>
      </div>
    </form>
  )
}
