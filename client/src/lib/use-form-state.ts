import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { useThrottledAction } from './use-throttled-action'
import { focusFirstProblem } from './focus-first-problem'
import type { Problems } from './validation'

type Values = Record<string, string | boolean>

/**
 * Values and per-field errors of a small form. A field is checked when it loses focus (if filled
 * in) and every field on submit; the first invalid field then gets focus. Field ids are
 * `${idPrefix}-${field}`.
 */
export function useFormState<V extends Values>(idPrefix: string, initial: V, check: (values: V) => Problems<keyof V & string>) {
  type Field = keyof V & string
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Problems<Field>>({})
  const throttle = useThrottledAction()
  // The values of the last render, for callbacks that stay the same across renders.
  const latest = useRef(values)
  useLayoutEffect(() => {
    latest.current = values
  }, [values])

  const change = useCallback((patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }))
    // Typing fixes the field's own error; other errors stay until checked again.
    setErrors((current) => {
      const next = { ...current }
      for (const key of Object.keys(patch)) delete next[key as Field]
      return next
    })
  }, [])

  const blur = useCallback(
    (field: Field) => {
      const value = latest.current[field]
      if (value === '' || value === false) return
      const problem = check(latest.current)[field]
      setErrors((current) => ({ ...current, [field]: problem }))
    },
    [check],
  )

  const validate = useCallback(() => {
    const problems = check(latest.current)
    setErrors(problems)
    return !focusFirstProblem(idPrefix, problems)
  }, [check, idPrefix])

  const addErrors = useCallback((patch: Problems<Field>) => setErrors((current) => ({ ...current, ...patch })), [])

  const reset = useCallback(() => {
    setValues(initial)
    setErrors({})
  }, [initial])

  /**
   * A form's onSubmit: checks every field, then calls `send` unless a submission is still running
   * or the same values were sent less than the throttle window (spec §9, 3000 ms) ago.
   */
  const submitWith = useCallback(
    (isPending: boolean, send: () => void) => (event: React.FormEvent) => {
      event.preventDefault()
      if (!validate() || isPending) return
      throttle(JSON.stringify(latest.current), send)
    },
    [validate, throttle],
  )

  return { values, errors, change, blur, validate, addErrors, reset, submitWith }
}
