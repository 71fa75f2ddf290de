import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { stripMarkup } from '../../lib/text'
import { ResponsiveImage } from '../ui/responsive-image'
import { RichText } from '../ui/rich-text'
import './content.css'

type Neighbour = { id: number; title: string } | null | undefined

type Props = {
  title: string
  meta?: ReactNode
  cover?: string
  lead?: string
  html: string
  prev?: Neighbour
  next?: Neighbour
  pathFor: (id: number) => string
}

/** A readable article: title, meta line, optional cover and lead, sanitized body, prev/next links. */
export function ArticleView({ title, meta, cover, lead, html, prev, next, pathFor }: Props) {
  // Summaries are often the body's first sentence; showing both would read twice.
  const summary = lead?.trim() ?? ''
  const showLead = summary !== '' && !stripMarkup(html).startsWith(summary.replace(/…$/, ''))
  return (
    <article className="article card">
      <h2 className="article__title">{title}</h2>
      {meta && <div className="article__meta">{meta}</div>}
      {cover && (
        <figure className="article__cover">
          {/* The page's largest picture: the article column is ~860 px wide, the full width on phones. */}
          <ResponsiveImage src={cover} alt={title} width={960} height={360} sizes="(max-width: 768px) 100vw, 860px" priority />
        </figure>
      )}
      {showLead && <p className="article__lead">{summary}</p>}
      {html ? <RichText html={html} /> : <p className="article__empty">暂无正文</p>}
      {(prev !== undefined || next !== undefined) && (
        <nav className="article__nav" aria-label="上一篇与下一篇">
          {prev ? <Link to={pathFor(prev.id)}>上一篇：{prev.title}</Link> : <span>上一篇：没有了</span>}
          {next ? <Link to={pathFor(next.id)}>下一篇：{next.title}</Link> : <span>下一篇：没有了</span>}
        </nav>
      )}
    </article>
  )
}
