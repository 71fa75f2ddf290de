import './preview-banner.css'

/** Shown on a page rendered for a preview link (server/lib/preview-grant.ts): staff see at once that visitors cannot see it yet. */
export function PreviewBanner() {
  return (
    <div className="preview-banner" role="status">
      预览：此内容尚未发布
    </div>
  )
}
