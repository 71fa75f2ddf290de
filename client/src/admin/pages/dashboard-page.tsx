import { AuditOutlined, CalendarOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons'
import { Col, Empty, Flex, Row, Skeleton, Typography } from 'antd'
import { lazy, Suspense, type CSSProperties, type ReactNode } from 'react'
import { Link } from 'react-router'
import { BOOKING_HANDLERS } from '../../../../common/staff-roles'
import { mayOpen, useStaff } from '../access/staff'
import { useAdminQuery } from '../api/admin-client'
import { BarChart } from '../ui/bar-chart'
import { PageContainer } from '../ui/page-container'
import './dashboard-page.css'

type Ranked = { id: number; name?: string; title?: string; views: number }
export type Dashboard = {
  members: number
  registrations: { date: string; count: number }[]
  pendingReviews: { contributions: number; videos: number; total?: number }
  /** Bookings in an open state (新提交, 已联系, 已报价, 已确认). */
  openBookings: number
  newBookings: number
  /** The first day of "this week" (the last 7 days, China time). */
  weekFrom: string
  topTeachers: Ranked[]
  topCourses: Ranked[]
}

// Its own chunk, for the staff who handle bookings only (booking-stats.tsx).
const BookingStats = lazy(() => import('./booking-stats'))

/**
 * A white card as antd's borderless Card draws it. The dashboard is the console's first page, and
 * antd's Card brings its tabs along (~15 KB gzip) for a box with a title.
 */
function Panel({ title, extra, style, children }: { title?: string; extra?: ReactNode; style?: CSSProperties; children: ReactNode }) {
  return (
    <section className="adm-card adm-panel" style={style}>
      {title && (
        <header className="adm-panel__head">
          <h2 className="adm-panel__title">{title}</h2>
          {extra && <div className="adm-panel__extra">{extra}</div>}
        </header>
      )}
      <div className="adm-panel__body">{children}</div>
    </section>
  )
}

function StatCard({
  title,
  value,
  icon,
  color,
  footer,
}: {
  title: string
  value: number
  icon: ReactNode
  color: string
  footer?: ReactNode
}) {
  return (
    <Panel>
      <Flex align="center" justify="space-between">
        {/* As antd's Statistic draws a plain number, without its countdown and timer code. */}
        <div className="adm-stat">
          <div className="adm-stat__title">{title}</div>
          <div className="adm-stat__value">{value.toLocaleString('en-US')}</div>
        </div>
        <span className="adm-stat-icon" style={{ background: `${color}1a`, color }}>
          {icon}
        </span>
      </Flex>
      {footer && <div style={{ marginTop: 8, fontSize: 13, color: 'rgba(0,0,0,.45)' }}>{footer}</div>}
    </Panel>
  )
}

function RankCard({ title, rows, hrefOf }: { title: string; rows: Ranked[]; hrefOf: (row: Ranked) => string }) {
  return (
    <Panel title={title} extra={<Typography.Text type="secondary">近 7 天浏览</Typography.Text>}>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近 7 天暂无浏览" />
      ) : (
        <ol className="adm-rank">
          {rows.map((row, index) => (
            <li key={row.id}>
              <span className="adm-rank__no">{index + 1}</span>
              <a className="adm-rank__name" href={hrefOf(row)} target="_blank" rel="noreferrer">
                {row.name ?? row.title}
              </a>
              <span className="adm-rank__value">{row.views.toLocaleString('zh-CN')}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  )
}

/** 工作台: the figures staff look at first, and the last 30 days of registrations. */
export function DashboardPage() {
  const staff = useStaff()
  const isBookingHandler = mayOpen(staff, BOOKING_HANDLERS)
  const dashboard = useAdminQuery<Dashboard>('dashboard', 'dashboard')
  const data = dashboard.data
  const last = data?.registrations.at(-1)?.count ?? 0
  const pending = data ? (data.pendingReviews.total ?? data.pendingReviews.contributions + data.pendingReviews.videos) : 0

  return (
    <PageContainer title="工作台" description={`${staff.nickname}，欢迎回来。这里是平台今天的概况。`}>
      {dashboard.isError ? (
        <Panel>
          <Empty description={dashboard.error.message} />
        </Panel>
      ) : !data ? (
        <Panel>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Panel>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <StatCard title="会员总数" value={data.members} icon={<TeamOutlined />} color="#1668dc" />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title="今日注册"
                value={last}
                icon={<UserAddOutlined />}
                color="#13a8a8"
                footer={`近 30 天共 ${data.registrations.reduce((sum, day) => sum + day.count, 0)} 人`}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title="待审核"
                value={pending}
                icon={<AuditOutlined />}
                color="#fa8c16"
                footer={
                  <>
                    <Link to="/admin/review/contribution">投稿 {data.pendingReviews.contributions}</Link> ·{' '}
                    <Link to="/admin/review/video">视频 {data.pendingReviews.videos}</Link>
                  </>
                }
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <StatCard
                title="进行中的预约"
                value={data.openBookings}
                icon={<CalendarOutlined />}
                color="#eb2f96"
                footer={
                  isBookingHandler ? <Link to="/admin/booking">其中新预约 {data.newBookings} 条</Link> : `其中新预约 ${data.newBookings} 条`
                }
              />
            </Col>
          </Row>
          <Panel title="最近 30 天注册" style={{ marginTop: 16 }}>
            <BarChart
              title="最近 30 天注册"
              unit=" 人"
              points={data.registrations.map((day) => ({ label: day.date.slice(5), value: day.count }))}
            />
          </Panel>
          {isBookingHandler && (
            <div style={{ marginTop: 16 }}>
              <Suspense
                fallback={
                  <Panel title="预约统计">
                    <Skeleton active paragraph={{ rows: 6 }} />
                  </Panel>
                }
              >
                <BookingStats />
              </Suspense>
            </div>
          )}
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <RankCard title="本周热门名师" rows={data.topTeachers} hrefOf={(row) => `/teacher/detail/${row.id}`} />
            </Col>
            <Col xs={24} lg={12}>
              <RankCard title="本周热门课程" rows={data.topCourses} hrefOf={(row) => `/course/detail/${row.id}`} />
            </Col>
          </Row>
        </>
      )}
    </PageContainer>
  )
}
