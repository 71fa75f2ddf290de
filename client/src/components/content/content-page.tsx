import type { ReactNode } from 'react'
import './content.css'

/** Inner-page body on the 1200 px container: a main column with an optional side column. */
export function ContentPage({ aside, children }: { aside?: ReactNode; children: ReactNode }) {
  return (
    <div className={`container content-page${aside ? ' content-page--with-aside' : ''}`}>
      <div className="content-page__main">{children}</div>
      {aside && <aside className="content-page__aside">{aside}</aside>}
    </div>
  )
}
