import type { ReactNode } from 'react'
import './auth.css'

const POINTS = [
  { title: '名师讲座', text: '汇聚知名专家学者，聆听权威解读' },
  { title: '深度专业课程', text: '体系化课程，助力干部能力提升' },
  { title: '精选热门专题', text: '紧跟时代热点，把握发展脉络' },
]

/** The frame of the login, register and find-password pages: a brand panel beside the form card. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle?: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="auth-page">
      <div className="container auth-page__inner">
        <aside className="auth-brand" aria-hidden="true">
          <p className="auth-brand__eyebrow">名师 · 名课 · 名专题</p>
          <p className="auth-brand__title">
            加入会员
            <br />
            开启学习新旅程
          </p>
          <ul className="auth-brand__points">
            {POINTS.map((point) => (
              <li key={point.title}>
                <strong>{point.title}</strong>
                <span>{point.text}</span>
              </li>
            ))}
          </ul>
        </aside>
        <section className="auth-card card" aria-labelledby="auth-title">
          <header className="auth-card__header">
            <h1 id="auth-title">{title}</h1>
            {subtitle && <p>{subtitle}</p>}
          </header>
          {children}
          {footer && <footer className="auth-card__footer">{footer}</footer>}
        </section>
      </div>
    </div>
  )
}
