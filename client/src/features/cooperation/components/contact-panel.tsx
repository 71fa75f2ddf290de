import { Link } from 'react-router'
import { SidePanel } from '../../../components/content/side-panel'
import { RichText } from '../../../components/ui/rich-text'
import { ABOUT_TABS, paths } from '../../../config/paths'
import './cooperation.css'

/** 合作咨询: the contact text (Course/getLianxi) beside cooperation pages. */
export function ContactPanel({ html, isLoading }: { html: string | undefined; isLoading: boolean }) {
  return (
    <SidePanel title="合作咨询">
      <div className="contact-panel">
        {html ? <RichText html={html} /> : <p className="rank-list__empty">{isLoading ? '加载中…' : '暂无联系方式'}</p>}
        <Link className="btn" to={paths.about(ABOUT_TABS.contact)}>
          联系我们
        </Link>
      </div>
    </SidePanel>
  )
}
