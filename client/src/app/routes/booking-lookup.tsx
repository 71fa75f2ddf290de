import { Link, useSearchParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { SidePanel } from '../../components/content/side-panel'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { paths, USER_TABS } from '../../config/paths'
import { aboutPageQuery, useAboutPage } from '../../features/about/api/get-about-page'
import { BookingLookup } from '../../features/booking/components/booking-lookup'
import { ContactPanel } from '../../features/cooperation/components/contact-panel'
import type { PageLoader } from '../page-data'

export const loader: PageLoader = async ({ queries }) => {
  await queries.prefetch(aboutPageQuery('contact'))
}

export default function BookingLookupPage() {
  const [search] = useSearchParams()
  const contact = useAboutPage('contact')
  usePageMeta({ menu: 'cooperation', title: '查询预约进度', description: '凭预约编号和联系电话查询名师预约的处理进度与工作人员回复。' })
  return (
    <>
      <PageBanner
        title="查询预约进度"
        subtitle="凭预约编号和联系电话，随时了解处理进度"
        crumbs={[{ label: '商务合作', to: paths.cooperation }, { label: '预约名师', to: paths.booking() }, { label: '查询预约进度' }]}
      />
      <ContentPage
        aside={
          <>
            <SidePanel title="温馨提示">
              <ul className="booking-aside-list">
                <li>预约编号在提交成功后显示，格式如 YY-20261128-0001</li>
                <li>联系电话须与预约时填写的一致</li>
                <li>
                  会员可在 <Link to={paths.user(USER_TABS.bookings)}>个人中心 · 我的预约</Link> 查看全部预约
                </li>
              </ul>
              <p className="booking-aside-links">
                <Link className="btn btn--ghost" to={paths.booking()}>
                  新建预约
                </Link>
              </p>
            </SidePanel>
            <ContactPanel html={contact.data?.content} isLoading={contact.isPending} />
          </>
        }
      >
        <BookingLookup initialReference={search.get('ref') ?? ''} />
      </ContentPage>
    </>
  )
}
