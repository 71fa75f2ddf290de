import { Typography } from 'antd'
import type { ReactNode } from 'react'

/** A console page: title, a line of help, actions on the right, then the content cards. */
export function PageContainer({
  title,
  description,
  extra,
  children,
}: {
  title: string
  description?: ReactNode
  extra?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="adm-page" aria-labelledby="adm-page-title">
      <header className="adm-page__head">
        <div>
          <Typography.Title level={4} id="adm-page-title" className="adm-page__title">
            {title}
          </Typography.Title>
          {description && <Typography.Text type="secondary">{description}</Typography.Text>}
        </div>
        {extra && <div className="adm-page__extra">{extra}</div>}
      </header>
      {children}
    </section>
  )
}
