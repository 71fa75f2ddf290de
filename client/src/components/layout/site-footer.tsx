import { lazy, Suspense, useState } from 'react'
import { Link } from 'react-router'
import { ABOUT_TABS, paths, USER_TABS } from '../../config/paths'
import { useConfig } from '../../features/index/api/get-config'
import { useSiteInfo } from '../../features/index/api/get-site-info'
import { SITE_NAME } from '../../features/index/constants'
import { mediaAddress } from '../../lib/media-address'
import { formatDate } from '../../lib/date'
import { formatPhone } from '../../lib/text'
import { Icon, type IconName } from './icons'
import './site-footer.css'

// The site map is opened rarely; its dialog code loads on first use.
const SiteMapDialog = lazy(() => import('./site-map').then((module) => ({ default: module.SiteMapDialog })))

/** Spec §1: the footer advertises three value points. */
export const VALUE_POINTS: { icon: IconName; title: string; text: string }[] = [
  { icon: 'lecture', title: '名师讲堂', text: '汇聚高校与智库权威专家' },
  { icon: 'course', title: '专业深度课程', text: '体系化课程助力能力提升' },
  { icon: 'special', title: '精选热点专题', text: '紧扣时代热点精准解读' },
]

const ABOUT_LINKS = [
  { label: '平台介绍', tab: ABOUT_TABS.intro },
  { label: '服务条款', tab: ABOUT_TABS.terms },
  { label: '合作伙伴', tab: ABOUT_TABS.partners },
  { label: '联系我们', tab: ABOUT_TABS.contact },
]
const USER_LINKS = [
  { label: '收藏课程', tab: USER_TABS.courses },
  { label: '关注名师', tab: USER_TABS.teachers },
  { label: '收藏专题', tab: USER_TABS.specials },
]

export function SiteFooter() {
  const config = useConfig()
  const site = useSiteInfo()
  const [isSiteMapOpen, setIsSiteMapOpen] = useState(false)
  const company = site.data?.company_name || SITE_NAME
  const contact = config.data
  // The year in China (lib/date.ts), as the server render printed it.
  const year = formatDate(new Date()).slice(0, 4)

  return (
    <footer className="site-footer">
      <div className="site-footer__values">
        <ul className="container">
          {VALUE_POINTS.map((point) => (
            <li key={point.title}>
              <span className="site-footer__value-icon">
                <Icon name={point.icon} size={26} />
              </span>
              <span>
                <strong>{point.title}</strong>
                <small>{point.text}</small>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="container site-footer__main">
        <div className="site-footer__brand">
          <Link to="/" className="site-footer__logo" aria-label={`${SITE_NAME}首页`}>
            {contact?.btlogo ? (
              <img src={mediaAddress(contact.btlogo)} alt={SITE_NAME} width={220} height={54} loading="lazy" />
            ) : (
              <img src="/brand/logo-white.svg" alt={SITE_NAME} width={220} height={54} loading="lazy" />
            )}
          </Link>
          <p>{company}：汇聚名师智慧，服务干部教育培训与组织学习。</p>
        </div>

        <nav className="site-footer__links" aria-label="页脚导航">
          <div>
            <h2>关于我们</h2>
            <ul>
              {ABOUT_LINKS.map((link) => (
                <li key={link.tab}>
                  <Link to={paths.about(link.tab)}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2>快速入口</h2>
            <ul>
              <li>
                <Link to={paths.cooperation}>商务合作</Link>
              </li>
              <li>
                <button type="button" className="site-footer__sitemap" onClick={() => setIsSiteMapOpen(true)}>
                  网站地图
                </button>
              </li>
            </ul>
          </div>
          <div>
            <h2>个人中心</h2>
            <ul>
              {USER_LINKS.map((link) => (
                <li key={link.tab}>
                  <Link to={paths.user(link.tab)}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <div className="site-footer__contact">
          <h2>商务合作</h2>
          <ul>
            {contact?.phone && (
              <li>
                <Icon name="phone" size={16} />
                <span>电话：</span>
                <a href={`tel:${contact.phone.replace(/\D/g, '')}`}>{formatPhone(contact.phone)}</a>
              </li>
            )}
            {contact?.fax && (
              <li>
                <Icon name="fax" size={16} />
                <span>传真：</span>
                {contact.fax}
              </li>
            )}
            {contact?.mailbox && (
              <li>
                <Icon name="mail" size={16} />
                <span>邮箱：</span>
                <a href={`mailto:${contact.mailbox}`}>{contact.mailbox}</a>
              </li>
            )}
            {contact?.address && (
              <li>
                <Icon name="pin" size={16} />
                <span>地址：</span>
                {contact.address}
              </li>
            )}
          </ul>
        </div>

        {contact?.wx && (
          <figure className="site-footer__wechat">
            <img src={mediaAddress(contact.wx)} alt={`${company}企业微信二维码`} width={112} height={112} loading="lazy" />
            <figcaption>企业微信</figcaption>
          </figure>
        )}
      </div>

      <div className="site-footer__bottom">
        <div className="container">
          <span>
            Copyright © {year} {company} 版权所有
          </span>
          {contact?.icp && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
              {contact.icp}
            </a>
          )}
        </div>
      </div>

      {isSiteMapOpen && (
        <Suspense fallback={null}>
          <SiteMapDialog onClose={() => setIsSiteMapOpen(false)} />
        </Suspense>
      )}
    </footer>
  )
}
