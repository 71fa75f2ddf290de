import { PASSWORD_HINT, PASSWORD_MAX, type Problems } from '../../lib/validation'
import { PasswordField } from './password-field'

type Field = 'password' | 'confirmPassword'

type Props = {
  idPrefix: string
  label: string
  confirmLabel: string
  confirmPlaceholder?: string
  values: Record<Field, string>
  onChange: (patch: Partial<Record<Field, string>>) => void
  errors: Problems<Field>
  onBlurField: (field: Field) => void
}

/** A new password, with the password rule as its hint, and the same password again. */
export function NewPasswordFields({ idPrefix, label, confirmLabel, confirmPlaceholder, values, onChange, errors, onBlurField }: Props) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={label}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        placeholder="8-20 位，须包含字母和数字"
        value={values.password}
        onValueChange={(password) => onChange({ password })}
        onBlur={() => onBlurField('password')}
        error={errors.password}
        hint={PASSWORD_HINT}
      />
      <PasswordField
        id={`${idPrefix}-confirmPassword`}
        label={confirmLabel}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        placeholder={confirmPlaceholder}
        value={values.confirmPassword}
        onValueChange={(confirmPassword) => onChange({ confirmPassword })}
        onBlur={() => onBlurField('confirmPassword')}
        error={errors.confirmPassword}
      />
    </>
  )
}
