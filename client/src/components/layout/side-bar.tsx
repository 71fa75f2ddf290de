import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { paths, USER_TABS } from '../../config/paths'
import { useSiteInfo } from '../../features/index/api/get-site-info'
import { SITE_NAME } from '../../features/index/constants'
import { useReducedMotion } from '../../features/index/hooks/use-media-query'
import { useSession } from '../../features/member/hooks/use-session'
import { loginPath } from '../../features/member/lib/redirect'
import { mediaAddress } from '../../lib/media-address'
import { formatPhone } from '../../lib/text'
import { Icon } from './icons'
import './side-bar.css'

const CONTRIBUTE_PATH = paths.user(USER_TABS.contribute)

/**
 * Fixed right-hand tools (spec §2 side bar): hotline (3-4-4), WeChat QR with the company name,
 * business consultation (/cooperation), contribution (/user?tab=7 or login) and back to top.
 */
export function SideBar() {
  const site = useSiteInfo()
  const session = useSession()
  const reduceMotion = useReducedMotion()
  const [isScrolled, setIsScrolled] = useState(false)

  useEffect(() => {
    const onScroll = () => setIsScrolled(window.scrollY > 300)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const phone = site.data?.phone ?? ''
  const company = site.data?.company_name || SITE_NAME

  return (
    <aside className="side-bar" aria-label="快捷工具">
      <ul>
        {phone && (
          <li className="side-bar__item side-bar__item--pop">
            <a className="side-bar__button" href={`tel:${phone.replace(/\D/g, '')}`} aria-label={`咨询热线 ${formatPhone(phone)}`}>
              <Icon name="phone" size={22} />
              <span className="side-bar__label">热线</span>
            </a>
            <div className="side-bar__pop side-bar__pop--phone" aria-hidden="true">
              <span className="side-bar__pop-title">咨询热线</span>
              <strong>{formatPhone(phone)}</strong>
            </div>
          </li>
        )}
        {site.data?.wx && (
          <li className="side-bar__item side-bar__item--pop">
            <button type="button" className="side-bar__button" aria-label={`${company}微信二维码`}>
              <Icon name="qrcode" size={22} />
              <span className="side-bar__label">微信</span>
            </button>
            <div className="side-bar__pop side-bar__pop--qr">
              <img src={mediaAddress(site.data.wx)} alt={`${company}微信二维码`} width={132} height={132} loading="lazy" />
              <span>{company}</span>
              <span className="side-bar__pop-note">扫码关注，获取最新课程</span>
            </div>
          </li>
        )}
        <li className="side-bar__item">
          <Link className="side-bar__button" to={paths.cooperation} aria-label="商务咨询">
            <Icon name="chat" size={22} />
            <span className="side-bar__label">咨询</span>
          </Link>
        </li>
        <li className="side-bar__item">
          <Link className="side-bar__button" to={session ? CONTRIBUTE_PATH : loginPath(CONTRIBUTE_PATH)} aria-label="我要投稿">
            <Icon name="edit" size={22} />
            <span className="side-bar__label">投稿</span>
          </Link>
        </li>
        <li className={`side-bar__item side-bar__item--top${isScrolled ? ' is-visible' : ''}`}>
          <button
            type="button"
            className="side-bar__button"
            aria-label="返回顶部"
            onClick={() => window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })}
          >
            <Icon name="top" size={22} />
            <span className="side-bar__label">顶部</span>
          </button>
        </li>
      </ul>
    </aside>
  )
}
