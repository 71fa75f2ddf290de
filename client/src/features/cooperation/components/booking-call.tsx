import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import './cooperation.css'

/**
 * The call to book on the cooperation pages: straight to the form, with the page's type chosen when
 * there is one. `isTile` fits it into the overview's grid of types, as its last cell.
 */
export function BookingCall({ typeId, typeName, isTile = false }: { typeId?: number; typeName?: string; isTile?: boolean }) {
  const Heading = isTile ? 'h3' : 'h2'
  return (
    <section
      className={`coop-booking-call${isTile ? ' coop-booking-call--tile' : ''}`}
      aria-labelledby={`coop-booking-call-${typeId ?? 0}`}
    >
      <div>
        <Heading id={`coop-booking-call-${typeId ?? 0}`}>{typeName ? `预约${typeName}` : '预约名师授课'}</Heading>
        <p>告诉我们您的授课需求、时间与地点，工作人员将在 1 个工作日内与您联系，为您匹配合适的名师与方案。</p>
      </div>
      <div className="coop-booking-call__actions">
        <Link className="btn coop-booking-call__primary" to={paths.booking(typeId ? { type: typeId } : {})}>
          {typeName ? '立即预约' : '预约名师'}
        </Link>
        <Link className="coop-booking-call__lookup" to={paths.bookingLookup()}>
          查询预约进度 ›
        </Link>
      </div>
    </section>
  )
}
