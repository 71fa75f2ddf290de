import { mediaAddress } from '../../../lib/media-address'
import type { Partner } from '../../../../../common/api/about'
import './about.css'

const isExternal = (url: string) => /^https?:\/\//i.test(url)

/** Partner logos with names; a partner with a website opens it in a new window. */
export function PartnerGrid({ partners }: { partners: Partner[] }) {
  return (
    <ul className="partner-grid">
      {partners.map((partner) => {
        const body = (
          <>
            <span className="partner-grid__logo">
              <img src={mediaAddress(partner.logo)} alt={`${partner.name}标志`} loading="lazy" decoding="async" />
            </span>
            <span className="partner-grid__name line-clamp-1">{partner.name}</span>
          </>
        )
        return (
          <li key={partner.id}>
            {isExternal(partner.link) ? (
              <a
                className="partner-grid__item"
                href={partner.link}
                target="_blank"
                rel="noopener noreferrer"
                title={`${partner.name}（在新窗口打开）`}
              >
                {body}
              </a>
            ) : (
              <div className="partner-grid__item">{body}</div>
            )}
          </li>
        )
      })}
    </ul>
  )
}
