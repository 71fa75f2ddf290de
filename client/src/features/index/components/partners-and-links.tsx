import { mediaAddress } from '../../../lib/media-address'
import type { Partner } from '../../../../../common/api/about'
import type { FriendLink } from '../../../../../common/api/home'
import { HomeSection, SmartLink } from './home-section'

export function PartnerLogos({ partners }: { partners: Partner[] }) {
  if (partners.length === 0) return null
  return (
    <HomeSection title="合作伙伴" more={{ to: '/about?tab=4' }} className="home-partners">
      <ul className="partner-grid">
        {partners.map((partner) => {
          const logo = (
            <img
              src={mediaAddress(partner.logo)}
              alt={partner.name}
              title={partner.name}
              width={160}
              height={56}
              loading="lazy"
              decoding="async"
            />
          )
          return (
            <li key={partner.id}>
              {partner.link ? (
                <SmartLink className="partner-grid__item" href={partner.link}>
                  {logo}
                </SmartLink>
              ) : (
                <span className="partner-grid__item">{logo}</span>
              )}
            </li>
          )
        })}
      </ul>
    </HomeSection>
  )
}

/** Friend links always open in a new window without handing it our window (spec §2). */
export function FriendLinks({ links }: { links: FriendLink[] }) {
  if (links.length === 0) return null
  return (
    <section className="friend-links" aria-labelledby="home-friend-links">
      <h2 id="home-friend-links">友情链接</h2>
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <a href={link.links} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
