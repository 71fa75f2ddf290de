import { mediaUrl } from '../../../lib/api-client'
import { formatFileSize } from '../../../lib/text'
import type { Attachment } from '../../upload'

/** A contribution's attachments: images as thumbnails, documents as download links with their size. */
export function AttachmentList({ attachments, heading: Heading = 'h3' }: { attachments: Attachment[]; heading?: 'h3' | 'h4' }) {
  if (attachments.length === 0) return null
  return (
    <section className="uc-contribution__files" aria-label="附件">
      <Heading>附件（{attachments.length}）</Heading>
      <ul>
        {attachments.map((file) => (
          <li key={file.id}>
            {file.kind === 'image' ? (
              <a href={mediaUrl(file.url)} target="_blank" rel="noopener noreferrer" className="uc-contribution__thumb">
                <img src={mediaUrl(file.url)} alt={file.name || '投稿图片'} loading="lazy" />
              </a>
            ) : (
              <a
                className="uc-contribution__file"
                href={mediaUrl(file.url)}
                target="_blank"
                rel="noopener noreferrer"
                download={file.name || undefined}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path
                    d="M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                  />
                </svg>
                {file.name || '附件'}（{formatFileSize(file.size)}）
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
