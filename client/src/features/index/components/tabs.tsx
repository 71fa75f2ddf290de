import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export type TabItem<K extends string> = { key: K; label: string }

type Props<K extends string> = {
  label: string
  tabs: TabItem<K>[]
  active: K
  onChange: (key: K) => void
  /** Rendered after the tab list, e.g. a "more" link that follows the active tab. */
  extra?: ReactNode
  children: ReactNode
  className?: string
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is tabbable. */
export function Tabs<K extends string>({ label, tabs, active, onChange, extra, children, className = '' }: Props<K>) {
  const baseId = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const activeIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === active),
  )

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1
    const target = { ArrowRight: activeIndex + 1, ArrowLeft: activeIndex - 1, Home: 0, End: last }[event.key]
    if (target === undefined) return
    event.preventDefault()
    const index = target > last ? 0 : target < 0 ? last : target
    onChange(tabs[index].key)
    refs.current[index]?.focus()
  }

  return (
    <div className={`home-tabs ${className}`}>
      <div className="home-tabs__bar">
        <div role="tablist" aria-label={label} className="home-tabs__list" onKeyDown={onKeyDown}>
          {tabs.map((tab, index) => (
            <button
              key={tab.key}
              ref={(node) => {
                refs.current[index] = node
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={tab.key === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab.key === active ? 0 : -1}
              className="home-tabs__tab"
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {extra}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`} className="home-tabs__panel">
        {children}
      </div>
    </div>
  )
}
