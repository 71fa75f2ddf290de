/**
 * Moves focus to the first field that has a problem, so keyboard and screen-reader users land on
 * it after a failed submit. Field ids are `${idPrefix}-${field}`. Returns whether any field failed.
 */
export function focusFirstProblem(idPrefix: string, problems: Partial<Record<string, string>>): boolean {
  const first = Object.entries(problems).find(([, problem]) => problem)?.[0]
  if (first) document.getElementById(`${idPrefix}-${first}`)?.focus()
  return Boolean(first)
}
