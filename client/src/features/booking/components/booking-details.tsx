import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { BookingView } from '../../../../../common/api/booking'
import { paths } from '../../../config/paths'
import { formatDateTime } from '../../../lib/date'
import { BookingStatusTag } from './booking-status'

/** 2026-12-10、2026-12-12, or 2026 年 12 月. */
export function whenText(view: Pick<BookingView, 'days' | 'month'>) {
  if (view.days.length > 0) return view.days.join('、')
  if (!view.month) return '未填写'
  const [year, month] = view.month.split('-')
  return `${year} 年 ${Number(month)} 月`
}

/**
 * A request as its requester sees it (我的预约 and the visitor's lookup): its state with the hint, what
 * was asked, and the timeline of state moves, staff replies and reschedules, oldest first.
 */
export function BookingDetails({ view, actions }: { view: BookingView; actions?: ReactNode }) {
  const rows: [string, ReactNode][] = [
    ['合作类型', view.typeName],
    ['预约名师', view.teacher ? <Link to={paths.teacherDetail(view.teacher.id)}>{view.teacher.name}</Link> : '由工作人员推荐'],
    ...(view.course ? [['课程', <Link to={paths.courseDetail(view.course.id)}>《{view.course.title}》</Link>] as [string, ReactNode]] : []),
    ['期望时间', whenText(view)],
    ...(view.confirmedDays.length > 0 ? [['确认日期', <strong>{view.confirmedDays.join('、')}</strong>] as [string, ReactNode]] : []),
    ['授课地点', view.placeText],
    ['听众', view.audienceText],
    ['授课时长', view.durationText],
    ['预算', view.budgetText],
    ['单位', view.organization],
    ['联系人', `${view.contactName}（${view.phone}）`],
    ['提交时间', formatDateTime(view.createdAt)],
  ]
  return (
    <article className="booking-view" aria-labelledby={`booking-${view.id}-title`}>
      <header className={`booking-view__head booking-view__head--${view.status}`}>
        <div>
          <p className="booking-view__ref">
            预约编号 <strong>{view.referenceNo}</strong>
          </p>
          <h3 id={`booking-${view.id}-title`} className="booking-view__state">
            当前状态：
            <BookingStatusTag status={view.status} text={view.statusText} />
          </h3>
          <p className="booking-view__hint">{view.statusHint}</p>
          {view.closeReason && (view.status === 'cancelled' || view.status === 'lost') && (
            <p className="booking-view__reason">原因：{view.closeReason}</p>
          )}
        </div>
        {actions && <div className="booking-view__actions">{actions}</div>}
      </header>
      <div className="booking-view__body">
        <section aria-label="预约信息">
          <dl className="booking-view__facts">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="booking-view__needs">
            <h4>授课主题或需求</h4>
            <p>{view.requirements || '未填写'}</p>
          </div>
        </section>
        <section className="booking-timeline" aria-labelledby={`booking-${view.id}-timeline`}>
          <h4 id={`booking-${view.id}-timeline`}>进度记录</h4>
          <ol>
            {[...view.events].reverse().map((event, index) => (
              <li key={`${event.createdAt}-${index}`} className={`booking-timeline__item booking-timeline__item--${event.kind}`}>
                <span className="booking-timeline__dot" aria-hidden="true" />
                <div>
                  <p className="booking-timeline__title">
                    {event.kind === 'reply' ? (
                      '工作人员回复'
                    ) : event.kind === 'reschedule' ? (
                      '授课日期已调整'
                    ) : (
                      <>状态更新为「{event.statusText}」</>
                    )}
                  </p>
                  {event.text && <p className="booking-timeline__text">{event.text}</p>}
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                </div>
              </li>
            ))}
            <li className="booking-timeline__item booking-timeline__item--start">
              <span className="booking-timeline__dot" aria-hidden="true" />
              <div>
                <p className="booking-timeline__title">提交预约</p>
                <time dateTime={view.createdAt}>{formatDateTime(view.createdAt)}</time>
              </div>
            </li>
          </ol>
        </section>
      </div>
    </article>
  )
}
