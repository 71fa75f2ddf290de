import { LeftOutlined, RightOutlined } from '@ant-design/icons'
import { Alert, Button, Calendar, Card, DatePicker, Empty, Flex, Space, Spin, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { MONTH_PATTERN, type BookingStatus } from '../../../../common/rules/booking'
import { useAdminQuery } from '../api/admin-client'
import { PageContainer } from '../ui/page-container'
import { BookingDrawer } from './booking-drawer'
import { StatusTag, TeacherSelect } from './booking-shared'
import './booking-page.css'

type Entry = { id: number; referenceNo: string; organization: string; status: BookingStatus; statusText?: string }
type CalendarAnswer = {
  teacher: { id: number; name: string }
  month: string
  days: { day: string; bookings: Entry[] }[]
  requested: (Entry & { days: string[]; month: string })[]
}

function CalendarEntry({ entry, isRequested, onOpen }: { entry: Entry; isRequested: boolean; onOpen: (id: number) => void }) {
  return (
    <button
      type="button"
      className={`bk-cal-entry${isRequested ? ' is-requested' : ''}`}
      title={`${entry.referenceNo} ${entry.organization}${isRequested ? '（待确认）' : '（已确认）'}`}
      onClick={(event) => {
        event.stopPropagation()
        onOpen(entry.id)
      }}
    >
      {entry.organization}
    </button>
  )
}

/** 档期日历: one teacher's month, confirmed teaching days and the days open requests ask for. */
export function BookingCalendarPage() {
  const [search, setSearch] = useSearchParams()
  const teacherId = Number(search.get('teacherId')) || undefined
  const monthParam = search.get('month') ?? ''
  const month = MONTH_PATTERN.test(monthParam) ? monthParam : dayjs().format('YYYY-MM')
  const openId = Number(search.get('id')) || null
  const update = (changes: Record<string, string | number | null | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      Object.entries(changes).forEach(([name, value]) => (value ? next.set(name, String(value)) : next.delete(name)))
      return next
    })
  const calendar = useAdminQuery<CalendarAnswer>('booking', 'bookingCalendar', { teacherId, month }, Boolean(teacherId))
  const data = teacherId && calendar.data?.teacher.id === teacherId && calendar.data.month === month ? calendar.data : undefined

  const byDay = useMemo(() => {
    const days = new Map<string, { confirmed: Entry[]; requested: Entry[] }>()
    const at = (day: string) => days.get(day) ?? days.set(day, { confirmed: [], requested: [] }).get(day)!
    for (const { day, bookings } of data?.days ?? []) at(day).confirmed.push(...bookings)
    for (const request of data?.requested ?? []) for (const day of request.days) at(day).requested.push(request)
    return days
  }, [data])
  const monthOnly = (data?.requested ?? []).filter((request) => request.days.length === 0)
  const value = dayjs(`${month}-01`)
  const open = (id: number) => update({ id })
  const confirmedCount = (data?.days ?? []).length

  const cellRender = (date: Dayjs) => {
    if (date.format('YYYY-MM') !== month) return null
    const entries = byDay.get(date.format('YYYY-MM-DD'))
    if (!entries) return null
    return (
      <div className="bk-cal-cell">
        {entries.confirmed.map((entry) => (
          <CalendarEntry key={`c${entry.id}`} entry={entry} isRequested={false} onOpen={open} />
        ))}
        {entries.requested.map((entry) => (
          <CalendarEntry key={`r${entry.id}`} entry={entry} isRequested onOpen={open} />
        ))}
      </div>
    )
  }

  return (
    <PageContainer
      title="档期日历"
      description="选择名师和月份，查看已确认的授课日期，以及待处理预约期望的日期（浅色）。点击条目打开预约。"
    >
      <Card variant="borderless" className="adm-card bk-toolbar-card">
        <Flex gap={12} wrap align="center">
          <TeacherSelect
            value={teacherId}
            knownName={data?.teacher.name}
            onChange={(next) => update({ teacherId: next, id: null })}
            placeholder="选择名师"
            style={{ width: 220 }}
          />
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              aria-label="上个月"
              onClick={() => update({ month: value.subtract(1, 'month').format('YYYY-MM') })}
            />
            <DatePicker
              picker="month"
              aria-label="月份"
              allowClear={false}
              value={value}
              format="YYYY 年 M 月"
              onChange={(next) => next && update({ month: next.format('YYYY-MM') })}
            />
            <Button
              icon={<RightOutlined />}
              aria-label="下个月"
              onClick={() => update({ month: value.add(1, 'month').format('YYYY-MM') })}
            />
          </Space.Compact>
          <Button onClick={() => update({ month: dayjs().format('YYYY-MM') })}>本月</Button>
          <span className="bk-cal-legend">
            <span className="bk-cal-entry bk-cal-entry--sample">已确认</span>
            <span className="bk-cal-entry bk-cal-entry--sample is-requested">待确认（期望日期）</span>
          </span>
        </Flex>
      </Card>
      <Card variant="borderless" className="adm-card">
        {!teacherId ? (
          <Empty description="请选择一位名师查看档期" />
        ) : calendar.isError ? (
          <Empty description={calendar.error.message} />
        ) : (
          <Spin spinning={!data}>
            {data && (
              <Typography.Paragraph type="secondary">
                {data.teacher.name} · {value.format('YYYY 年 M 月')}：已确认 {confirmedCount} 天，待处理预约 {data.requested.length} 条
              </Typography.Paragraph>
            )}
            {monthOnly.length > 0 && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title="以下预约只选了月份，尚未确定日期"
                description={
                  <Space wrap>
                    {monthOnly.map((request) => (
                      <Button key={request.id} size="small" onClick={() => open(request.id)}>
                        {request.referenceNo} {request.organization} <StatusTag status={request.status} />
                      </Button>
                    ))}
                  </Space>
                }
              />
            )}
            <Calendar
              className="bk-calendar"
              value={value}
              mode="month"
              headerRender={() => null}
              fullscreen
              cellRender={(date, info) => (info.type === 'date' ? cellRender(date) : info.originNode)}
              onSelect={(date, info) => {
                if (info.source === 'date' && date.format('YYYY-MM') !== month) update({ month: date.format('YYYY-MM') })
              }}
            />
          </Spin>
        )}
      </Card>
      {openId && <BookingDrawer key={openId} id={openId} onClose={() => update({ id: null })} onOpen={open} />}
    </PageContainer>
  )
}
