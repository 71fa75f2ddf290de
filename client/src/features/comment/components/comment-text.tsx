// A comment as the visitor reads it: plain text with its line breaks, web addresses made links
// marked as user content (rel="ugc nofollow"), so the site lends them no ranking.
const URL_PATTERN = /https?:\/\/[^\s<>"'，。！？、；：（）【】《》]+/g

export function CommentText({ text }: { text: string }) {
  const parts: React.ReactNode[] = []
  let from = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index
    if (at > from) parts.push(text.slice(from, at))
    parts.push(
      <a key={at} href={match[0]} rel="ugc nofollow noopener" target="_blank">
        {match[0]}
      </a>,
    )
    from = at + match[0].length
  }
  if (from < text.length) parts.push(text.slice(from))
  return <p className="comment__text">{parts}</p>
}
