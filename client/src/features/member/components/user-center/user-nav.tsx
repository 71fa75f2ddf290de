import { Link } from 'react-router'
import { paths } from '../../../../config/paths'
import { mediaUrl } from '../../../../lib/api-client'
import { useNavigation, type NavigationTab } from '../../api/get-navigation'
import type { UserInfo } from '../../types'

/** The tabs as they stand when getNavigation has not answered (or failed). */
export const FALLBACK_TABS: NavigationTab[] = [
  { id: 1, key: 'profile', name: '个人资料', count: null },
  { id: 2, key: 'password', name: '修改密码', count: null },
  { id: 3, key: 'courseCollect', name: '收藏课程', count: null },
  { id: 4, key: 'teacherFollow', name: '关注名师', count: null },
  { id: 5, key: 'specialCollect', name: '收藏专题', count: null },
  { id: 6, key: 'contribution', name: '我的投稿', count: null },
  { id: 10, key: 'release', name: '我的发布', count: null },
  { id: 11, key: 'recentVideos', name: '最近观看', count: null },
  { id: 13, key: 'recentViews', name: '我的足迹', count: null },
  { id: 14, key: 'bookings', name: '我的预约', count: null },
  { id: 12, key: 'notifications', name: '消息', count: null },
  { id: 7, key: 'addContribution', name: '我要投稿', count: null },
  { id: 8, key: 'deleteAccount', name: '注销账号', count: null },
]

const ICONS: Record<number, string> = {
  1: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5',
  2: 'M7 11V8a5 5 0 0 1 10 0v3M5.5 11h13v9h-13z',
  3: 'M12 3.5l2.6 5.3 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.3-4.1 5.9-.8z',
  4: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  5: 'M4 5h7v7H4zM13 5h7v7h-7zM4 14h7v6H4zM13 14h7v6h-7z',
  6: 'M6 3.5h9l3 3v14H6zM9 10h6M9 14h6M9 18h4',
  7: 'M4 20l4-1 11-11-3-3L5 16zM14 7l3 3',
  8: 'M5 7h14M10 7V4.5h4V7M7 7l1 13h8l1-13',
  9: 'M12 3l7 3v5.5c0 4.2-2.9 7.6-7 9.5-4.1-1.9-7-5.3-7-9.5V6zM9 12l2.2 2.2L15.5 10',
  10: 'M4.5 19.5h15M6 16l9.5-9.5 3 3L9 19H6zM13.5 8.5l3 3M5 4.5h6',
  11: 'M4 6h16v12H4zM10 9.5v5l4.5-2.5z',
  13: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM12 7.5V12l3 2',
  12: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0',
  14: 'M4.5 6.5h15v13h-15zM4.5 10.5h15M8.5 4v4M15.5 4v4M9 14.5l2 2 4-4',
}

export function UserNav({ tab, info }: { tab: number; info?: UserInfo }) {
  const navigation = useNavigation()
  const tabs = navigation.data?.length ? navigation.data : FALLBACK_TABS
  return (
    <aside className="uc-side card">
      <div className="uc-side__profile">
        <span className="uc-side__avatar">
          {info?.avatar ? (
            <img src={mediaUrl(info.avatar)} alt={`${info.nickname}的头像`} />
          ) : (
            <span aria-hidden="true">{(info?.nickname || '会').slice(0, 1)}</span>
          )}
        </span>
        <strong className="uc-side__name line-clamp-1">{info?.nickname ?? '会员'}</strong>
        {info?.member_no && <span className="uc-side__no">会员编号：{info.member_no}</span>}
      </div>
      <nav aria-label="个人中心导航">
        <ul className="uc-nav">
          {tabs.map((item) => (
            <li key={item.id}>
              <Link
                to={paths.user(item.id)}
                className={`uc-nav__link${item.id === tab ? ' is-active' : ''}`}
                aria-current={item.id === tab ? 'page' : undefined}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.7"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  aria-hidden="true"
                >
                  <path d={ICONS[item.id] ?? ICONS[1]} />
                </svg>
                <span className="uc-nav__name">{item.name}</span>
                {typeof item.count === 'number' && <span className="uc-nav__count">{item.count}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  )
}
