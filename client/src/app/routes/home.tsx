import { useDeferredValue } from 'react'
import { ErrorState } from '../../components/ui/states'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { bannersQuery } from '../../features/index/api/get-banners'
import { indexListQuery, useIndexList } from '../../features/index/api/get-index-list'
import { tagCloudQuery } from '../../features/index/api/get-tag-cloud'
import { BannerCarousel } from '../../features/index/components/banner-carousel'
import { CourseBoard } from '../../features/index/components/course-board'
import { ArticlesAndQuestions, CoursePreviews } from '../../features/index/components/home-articles'
import { HotSpecials } from '../../features/index/components/hot-specials'
import { FriendLinks, PartnerLogos } from '../../features/index/components/partners-and-links'
import { RecommendTeachers } from '../../features/index/components/recommend-teachers'
import { SITE_NAME, TAG_CLOUD_SIZE } from '../../features/index/constants'
import '../../features/index/components/home.css'
import type { PageLoader } from '../page-data'

// The home aggregate, the tag cloud and the ad carousel (the banner and blocks read the aggregate).
export const loader: PageLoader = ({ queries }) => queries.prefetch(indexListQuery(), tagCloudQuery(TAG_CLOUD_SIZE), bannersQuery('ad'))

function HomeSkeleton() {
  return (
    <div className="container home-skeleton" role="status" aria-label="首页内容加载中">
      <div className="home-skeleton__block" />
      <div className="home-skeleton__row">
        <div className="home-skeleton__block" />
        <div className="home-skeleton__block" />
        <div className="home-skeleton__block" />
      </div>
    </div>
  )
}

export default function HomePage() {
  usePageMeta({ menu: 'home', schema: { '@type': 'WebSite', name: SITE_NAME } })
  const home = useIndexList()
  // The banner commits first; the blocks below the fold render in a second, interruptible pass.
  const body = useDeferredValue(home.data, undefined)

  return (
    <div className="home">
      {/* The page's one top-level heading; the banner and the section headings (h2) follow it. */}
      <h1 className="visually-hidden">{SITE_NAME}：汇聚名师智慧</h1>
      <div className="container home-hero">
        {/* The home-only teacher-library menu of the navigation hangs over this column. */}
        <div className="home-hero__aside" aria-hidden="true" />
        {home.data ? <BannerCarousel banners={home.data.banner} hasCaptions={false} /> : <div className="home-banner home-banner--empty" />}
      </div>
      {home.isError && <ErrorState message={home.error.message} onRetry={() => home.refetch()} />}
      {!body && !home.isError && <HomeSkeleton />}
      {body && (
        <div className="container home-body">
          <HotSpecials carousel={body.hot_special1} list={body.hot_special2} />
          <RecommendTeachers teachers={body.recommend_teacher.teacher_img} categories={body.mingshiku3} />
          <CourseBoard host={body.course.host} boutique={body.course.boutique} videos={body.course.video} />
          <CoursePreviews notices={body.course_notice} />
          <ArticlesAndQuestions
            activities={body.huodong_xueshu.activity}
            viewpoints={body.huodong_xueshu.viewpoin}
            questions={body.common_problem}
          />
          <PartnerLogos partners={body.cooperative} />
          <FriendLinks links={body.links} />
        </div>
      )}
    </div>
  )
}
