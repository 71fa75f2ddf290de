import { formatPhone } from '../../../lib/text'
import './about.css'

type Contact = { phone?: string; fax?: string; mailbox?: string; address?: string }

/** The business-cooperation contacts (Index/getConfig) as four cards. */
export function ContactCards({ contact }: { contact: Contact }) {
  const items = [
    {
      label: '咨询热线',
      value: contact.phone ? formatPhone(contact.phone) : '',
      href: contact.phone ? `tel:${contact.phone.replace(/\D/g, '')}` : undefined,
      icon: 'M7 3h4l2 5-3 2a12 12 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A18 18 0 0 1 5 5a2 2 0 0 1 2-2z',
    },
    { label: '传真', value: contact.fax ?? '', icon: 'M6 9V3h12v6M6 18H4v-8h16v8h-2M8 14h8v7H8z' },
    {
      label: '电子邮箱',
      value: contact.mailbox ?? '',
      href: contact.mailbox ? `mailto:${contact.mailbox}` : undefined,
      icon: 'M3 5h18v14H3zM3 6l9 7 9-7',
    },
    {
      label: '联系地址',
      value: contact.address ?? '',
      icon: 'M12 22s7-6.5 7-12a7 7 0 0 0-14 0c0 5.5 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
    },
  ].filter((item) => item.value)
  if (items.length === 0) return null
  return (
    <ul className="contact-cards">
      {items.map((item) => (
        <li key={item.label}>
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d={item.icon} />
          </svg>
          <span className="contact-cards__label">{item.label}</span>
          {item.href ? (
            <a className="contact-cards__value" href={item.href}>
              {item.value}
            </a>
          ) : (
            <span className="contact-cards__value">{item.value}</span>
          )}
        </li>
      ))}
    </ul>
  )
}
