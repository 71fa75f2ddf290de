import './rich-text.css'

/** Renders rich text the server has already sanitized with its allow-list. */
export function RichText({ html, className = '' }: { html: string | null | undefined; className?: string }) {
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html ?? '' }} />
}
