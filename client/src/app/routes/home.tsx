import { ErrorState } from '../../components/ui/states'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { useIndexList } from '../../features/index/api/get-index-list'
import { BannerCarousel } from '../../features/index/components/banner-carousel'
import { CourseBoard } from '../../features/index/components/course-board'
import { ArticlesAndQuestions, CoursePreviews } from '../../features/index/components/home-articles'
import { HotSpecials } from '../../features/index/components/hot-specials'
import { FriendLinks, PartnerLogos } from '../../features/index/components/partners-and-links'
import { RecommendTeachers } from '../../features/index/components/recommend-teachers'
import '../../features/index/components/home.css'

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
  usePageMeta({ menu: 'home' })
  const home = useIndexList()

  return (
    <div className="home">
      <div className="container home-hero">
        {/* The home-only teacher-library menu of the navigation hangs over this column. */}
        <div className="home-hero__aside" aria-hidden="true" />
        {home.data ? <BannerCarousel banners={home.data.banner} /> : <div className="home-banner home-banner--empty" />}
      </div>
      {home.isError && <ErrorState message={home.error.message} onRetry={() => home.refetch()} />}
      {home.isPending && <HomeSkeleton />}
      {home.data && (
        <div className="container home-body">
          <HotSpecials carousel={home.data.hot_special1} list={home.data.hot_special2} />
          <RecommendTeachers teachers={home.data.recommend_teacher.teacher_img} categories={home.data.mingshiku3} />
          <CourseBoard host={home.data.course.host} boutique={home.data.course.boutique} videos={home.data.course.video} />
          <CoursePreviews notices={home.data.course_notice} />
          <ArticlesAndQuestions activities={home.data.huodong_xueshu.activity} viewpoints={home.data.huodong_xueshu.viewpoin} questions={home.data.common_problem} />
          <PartnerLogos partners={home.data.cooperative} />
          <FriendLinks links={home.data.links} />
        </div>
      )}
    </div>
  )
}
