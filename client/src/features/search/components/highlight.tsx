import { highlightParts } from '../lib/highlight'

/** Text with every occurrence of the keyword's terms wrapped in <mark>. */
export function Highlight({ text, keyword }: { text: string | null | undefined; keyword?: string }) {
  return <>{highlightParts(text, keyword).map((part, index) => (part.isMatch ? <mark key={index}>{part.text}</mark> : part.text))}</>
}
