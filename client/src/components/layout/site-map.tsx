import { Link } from 'react-router'
import { ABOUT_TABS, paths, USER_TABS } from '../../config/paths'
import { useCategories, type CategoryKind } from '../../features/index/api/get-categories'
import { Modal } from './modal'

type Entry = { label: string; to: string }

const SECTIONS: { title: string; entries: Entry[] }[] = [
  {
    title: '主要栏目',
    entries: [
      { label: '首页', to: paths.home },
      { label: '名师', to: paths.teacher() },
      { label: '课程', to: paths.course() },
      { label: '专题', to: paths.special() },
      { label: '商务合作', to: paths.cooperation },
      { label: '预约名师', to: paths.booking() },
      { label: '查询预约进度', to: paths.bookingLookup() },
    ],
  },
  {
    title: '资讯动态',
    entries: [
      { label: '课程预告', to: paths.notice },
      { label: '教学活动', to: paths.activity },
      { label: '学术观点', to: paths.viewpoint },
      { label: '常见问题', to: paths.question },
    ],
  },
  {
    title: '关于我们',
    entries: [
      { label: '平台介绍', to: paths.about(ABOUT_TABS.intro) },
      { label: '服务条款', to: paths.about(ABOUT_TABS.terms) },
      { label: '隐私政策', to: paths.about(ABOUT_TABS.privacy) },
      { label: '合作伙伴', to: paths.about(ABOUT_TABS.partners) },
      { label: '联系我们', to: paths.about(ABOUT_TABS.contact) },
      { label: '免责声明', to: paths.about(ABOUT_TABS.statement) },
    ],
  },
  {
    title: '会员服务',
    entries: [
      { label: '会员登录', to: paths.login },
      { label: '免费注册', to: paths.register },
      { label: '找回密码', to: paths.findPassword },
      { label: '个人中心', to: paths.user() },
      { label: '收藏课程', to: paths.user(USER_TABS.courses) },
      { label: '关注名师', to: paths.user(USER_TABS.teachers) },
      { label: '收藏专题', to: paths.user(USER_TABS.specials) },
      { label: '我要投稿', to: paths.user(USER_TABS.contribute) },
      { label: '我的预约', to: paths.user(USER_TABS.bookings) },
    ],
  },
]

const CATEGORY_SECTIONS: { title: string; kind: CategoryKind; link: (id: number) => string }[] = [
  { title: '名师分类', kind: 'teacher', link: paths.teacher },
  { title: '课程分类', kind: 'course', link: paths.course },
  { title: '专题分类', kind: 'special', link: paths.special },
]

function CategorySection({ title, kind, link, onNavigate }: (typeof CATEGORY_SECTIONS)[number] & { onNavigate: () => void }) {
  const categories = useCategories(kind)
  if (!categories.data?.length) return null
  return (
    <section className="site-map__section">
      <h3>{title}</h3>
      <ul>
        {categories.data.map((category) => (
          <li key={category.id}>
            <Link to={link(category.id)} onClick={onNavigate}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Spec §2 footer "site map" (action not shown): a dialog listing every section and category. */
export function SiteMapDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="网站地图" size="large" onClose={onClose}>
      <div className="site-map">
        {SECTIONS.map((section) => (
          <section key={section.title} className="site-map__section">
            <h3>{section.title}</h3>
            <ul>
              {section.entries.map((entry) => (
                <li key={entry.to}>
                  <Link to={entry.to} onClick={onClose}>
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {CATEGORY_SECTIONS.map((section) => (
          <CategorySection key={section.kind} {...section} onNavigate={onClose} />
        ))}
      </div>
    </Modal>
  )
}
