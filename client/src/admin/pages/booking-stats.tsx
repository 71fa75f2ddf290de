// 预约统计 on the dashboard (admins and sales): requests and won bookings by month, and the conversion
// by teacher, type and region (Admin/bookingStats). Its own chunk: the dashboard is the console's first
// page, and staff who handle no bookings never load it.
import { Col, Empty, Row, Skeleton } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAdminQuery } from '../api/admin-client'
import { BarChart } from '../ui/bar-chart'

type Counted = { requests: number; won: number }
export type BookingStats = {
  byMonth: ({ month: string } & Counted)[]
  byTeacher: ({ id: number; name: string } & Counted)[]
  byType: ({ id: number; name: string } & Counted)[]
  byRegion: ({ code: string; name: string } & Counted)[]
}

/** won / requests as a whole percent; — when there were none. */
export const conversionText = ({ requests, won }: Counted) => (requests > 0 ? `${Math.round((won / requests) * 100)}%` : '—')

function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="adm-card adm-panel" aria-label={title}>
      <header className="adm-panel__head">
        <h2 className="adm-panel__title">{title}</h2>
        {extra && <div className="adm-panel__extra">{extra}</div>}
      </header>
      <div className="adm-panel__body">{children}</div>
    </section>
  )
}

function ConversionTable({ title, rows }: { title: string; rows: ({ key: string; name: string } & Counted)[] }) {
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无预约" />
      ) : (
        <table className="bk-conversion">
          <thead>
            <tr>
              <th scope="col">{title.replace('按', '').replace('转化', '')}</th>
              <th scope="col">预约</th>
              <th scope="col">成交</th>
              <th scope="col">转化率</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                <td>{row.requests}</td>
                <td>{row.won}</td>
                <td>
                  <span className="bk-conversion__rate">
                    <span className="bk-conversion__bar" aria-hidden>
                      <span style={{ width: row.requests ? `${(row.won / row.requests) * 100}%` : 0 }} />
                    </span>
                    {conversionText(row)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  )
}

export default function BookingStatsBlock() {
  const stats = useAdminQuery<BookingStats>('dashboard', 'bookingStats')
  const data = stats.data
  if (stats.isError)
    return (
      <Section title="预约统计">
        <Empty description={stats.error.message} />
      </Section>
    )
  if (!data)
    return (
      <Section title="预约统计">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Section>
    )
  const total = data.byMonth.reduce((sum, month) => ({ requests: sum.requests + month.requests, won: sum.won + month.won }), {
    requests: 0,
    won: 0,
  })
  return (
    <div className="bk-stats">
      <Section
        title="预约统计"
        extra={
          <span className="adm-muted">
            近 {data.byMonth.length} 个月 预约 {total.requests} · 成交 {total.won} · 转化率 {conversionText(total)} ·{' '}
            <Link to="/admin/booking">去处理</Link>
          </span>
        }
      >
        <BarChart
          title="每月预约与成交"
          unit=" 条"
          series={{ first: '预约', second: '成交' }}
          period={`近 ${data.byMonth.length} 个月`}
          labelEvery={data.byMonth.length > 12 ? 2 : 1}
          points={data.byMonth.map((month) => ({ label: month.month.replace('-', '.'), value: month.requests, second: month.won }))}
        />
      </Section>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={8}>
          <ConversionTable title="按名师转化" rows={data.byTeacher.map((row) => ({ ...row, key: String(row.id) }))} />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <ConversionTable title="按合作类型转化" rows={data.byType.map((row) => ({ ...row, key: String(row.id) }))} />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <ConversionTable title="按地区转化" rows={data.byRegion.map((row) => ({ ...row, key: row.code }))} />
        </Col>
      </Row>
    </div>
  )
}
