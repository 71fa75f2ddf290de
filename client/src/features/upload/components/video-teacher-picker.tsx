import { useId, useMemo, useState } from 'react'
import { FieldError } from '../../../components/ui/field-error'
import { mediaUrl } from '../../../lib/api-client'
import type { TeacherOption } from '../api/teacher-video'

type Props = {
  id: string
  teachers: TeacherOption[] | undefined
  isLoading: boolean
  loadError?: string
  onRetry: () => void
  value: number | null
  onChange: (id: number | null) => void
  error?: string
}

const matches = (teacher: TeacherOption, query: string) =>
  [teacher.name, teacher.title ?? '', teacher.categoryName].some((text) => text.toLowerCase().includes(query))

/**
 * A combobox over the published teachers (ARIA 1.2 pattern): type to filter by name, title or
 * category, arrows to move, Enter to pick, Escape to close.
 */
export function VideoTeacherPicker({ id, teachers, isLoading, loadError, onRetry, value, onChange, error }: Props) {
  const listId = useId()
  const selected = teachers?.find((teacher) => teacher.id === value)
  const [text, setText] = useState<string | null>(null)
  const [isOpen, setOpen] = useState(false)
  const [active, setActive] = useState(0)

  // While the box shows the chosen name, opening it lists everyone rather than that one teacher.
  const query = text === null || text === selected?.name ? '' : text.trim().toLowerCase()
  const options = useMemo(() => (teachers ?? []).filter((teacher) => !query || matches(teacher, query)), [teachers, query])
  const shown = text ?? selected?.name ?? ''
  const optionId = (index: number) => `${listId}-option-${index}`

  const open = (index = 0) => {
    setOpen(true)
    setActive(index)
  }
  const close = () => {
    setOpen(false)
    setText(null)
  }
  const pick = (teacher: TeacherOption) => {
    onChange(teacher.id)
    close()
  }
  const move = (index: number) => {
    const next = Math.max(0, Math.min(options.length - 1, index))
    setActive(next)
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' })
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!isOpen)
          open(
            Math.max(
              0,
              options.findIndex((teacher) => teacher.id === value),
            ),
          )
        else move(active + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        if (isOpen) move(active - 1)
        break
      case 'Home':
      case 'End':
        if (isOpen) {
          event.preventDefault()
          move(event.key === 'Home' ? 0 : options.length - 1)
        }
        break
      case 'Enter':
        // Enter picks the highlighted teacher instead of submitting the form.
        if (isOpen && options[active]) {
          event.preventDefault()
          pick(options[active])
        }
        break
      case 'Escape':
        if (isOpen) {
          event.preventDefault()
          close()
        }
        break
    }
  }

  const onBlur = () => {
    // Clearing the box clears the choice; other half-typed text falls back to the chosen name.
    if (text !== null && !text.trim()) onChange(null)
    close()
  }

  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')

  return (
    <div className="form-field member-field">
      <label htmlFor={id}>讲课名师</label>
      <div className={`vt-picker${isOpen ? ' is-open' : ''}`}>
        {selected && text === null && <img className="vt-picker__avatar" src={mediaUrl(selected.img)} alt="" aria-hidden="true" />}
        <input
          id={id}
          className={`input vt-picker__input${selected && text === null ? ' has-avatar' : ''}`}
          role="combobox"
          autoComplete="off"
          placeholder={isLoading ? '正在加载名师…' : '输入姓名、单位或领域搜索名师'}
          value={shown}
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && options[active] ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value)
            open()
          }}
          onClick={() =>
            !isOpen &&
            open(
              Math.max(
                0,
                options.findIndex((teacher) => teacher.id === value),
              ),
            )
          }
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        <span className="vt-picker__caret" aria-hidden="true" />
        {isOpen && (
          <div className="vt-picker__popup">
            {isLoading ? (
              <p className="vt-picker__status" role="status">
                正在加载名师…
              </p>
            ) : options.length === 0 ? (
              <p className="vt-picker__status" role="status">
                {teachers ? '没有找到匹配的名师' : '名师列表加载失败'}
              </p>
            ) : null}
            <ul id={listId} role="listbox" aria-label="名师" className="vt-picker__list">
              {options.map((teacher, index) => (
                <li
                  key={teacher.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={teacher.id === value}
                  className={`vt-picker__option${index === active ? ' is-active' : ''}`}
                  // Keep focus in the input so the blur handler does not close the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={() => pick(teacher)}
                >
                  <img src={mediaUrl(teacher.img)} alt="" loading="lazy" />
                  <span className="vt-picker__option-body">
                    <span className="vt-picker__option-name">
                      {teacher.name}
                      <span className="uc-tag">{teacher.categoryName}</span>
                    </span>
                    {teacher.title && <span className="vt-picker__option-title line-clamp-1">{teacher.title}</span>}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <span id={`${id}-hint`} className="member-field__hint">
        {loadError ? (
          <>
            名师列表加载失败：{loadError}{' '}
            <button type="button" className="vt-link-button" onClick={onRetry}>
              重新加载
            </button>
          </>
        ) : selected ? (
          `已选择：${selected.name}${selected.title ? `（${selected.title}）` : ''}`
        ) : (
          '视频审核通过后将展示在所选名师的页面上'
        )}
      </span>
    </div>
  )
}
