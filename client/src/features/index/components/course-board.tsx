import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { VideoPlayer } from '../../../components/video'
import { CommentCount } from '../../../components/ui/comment-count'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import { useBanners } from '../api/get-banners'
import { AD_INTERVAL_MS, COURSE_LIST_SIZE, FEATURED_VIDEOS } from '../constants'
import type { CourseCard } from '../../../../../common/api/cards'
import type { FeaturedVideo } from '../../../../../common/api/home'
import { Carousel } from './carousel'
import { SmartLink } from './home-section'
import { Tabs } from './tabs'

type CourseTab = 'host' | 'boutique'
const TABS = [
  { key: 'host' as const, label: '热门课程' },
  { key: 'boutique' as const, label: '精品课程' },
]

function CourseRankList({ courses }: { courses: CourseCard[] }) {
  const [first, ...rest] = courses.slice(0, COURSE_LIST_SIZE)
  if (!first) return <p className="home-empty">暂无课程</p>
  return (
    <div className="course-rank">
      <Link className="course-rank__lead" to={paths.courseDetail(first.id)}>
        <span className="course-rank__cover">
          {first.cover_img && (
            <ResponsiveImage src={first.cover_img} alt={first.title} width={480} height={270} sizes="(max-width: 640px) 100vw, 400px" />
          )}
        </span>
        <span className="course-rank__lead-body">
          <strong className="line-clamp-2">{first.title}</strong>
          <small>
            {first.teacher?.name ? `主讲：${first.teacher.name}` : ''}
            {first.views !== undefined ? ` · ${first.views} 次学习` : ''}
            {first.commentCount > 0 && ' · '}
            <CommentCount count={first.commentCount} />
          </small>
        </span>
      </Link>
      <ol className="course-rank__list" start={2}>
        {rest.map((course, i) => (
          <li key={course.id}>
            <span className={`rank rank--${i < 2 ? 'top' : 'rest'}`}>{i + 2}</span>
            <Link className="line-clamp-1" to={paths.courseDetail(course.id)} title={course.title}>
              {course.title}
            </Link>
            {course.teacher?.name && <span className="course-rank__teacher">{course.teacher.name}</span>}
            <CommentCount count={course.commentCount} />
          </li>
        ))}
      </ol>
    </div>
  )
}

function FeaturedVideoCard({ video }: { video: FeaturedVideo }) {
  return (
    <figure className="featured-video">
      <VideoPlayer title={video.title} stream={video.stream} original={video.videoUrl} poster={video.cover_img} preload="none" />
      <figcaption>
        <Link to={paths.courseDetail(video.id)} className="line-clamp-1">
          {video.title}
        </Link>
      </figcaption>
    </figure>
  )
}

/** The course card (spec §2): hot and selected tabs of 11, two featured videos, then the ad carousel. */
export function CourseBoard({ host, boutique, videos }: { host: CourseCard[]; boutique: CourseCard[]; videos: FeaturedVideo[] }) {
  const [tab, setTab] = useState<CourseTab>('host')
  const ads = useBanners('ad')
  return (
    <section className="home-section course-board" aria-labelledby="home-course-board">
      <div className="section-title">
        <h2 id="home-course-board">名师课程</h2>
        <Link to={paths.course()} aria-label="更多课程">
          更多 ›
        </Link>
      </div>
      <div className="course-board__grid">
        <Tabs label="课程分类" tabs={TABS} active={tab} onChange={setTab} className="course-board__tabs card">
          <CourseRankList courses={tab === 'host' ? host : boutique} />
        </Tabs>
        <div className="course-board__side">
          <div className="course-board__videos">
            {videos.slice(0, FEATURED_VIDEOS).map((video) => (
              <FeaturedVideoCard key={video.id} video={video} />
            ))}
          </div>
          {(ads.data?.length ?? 0) > 0 && (
            <Carousel
              className="home-ad"
              label="广告"
              items={ads.data ?? []}
              interval={AD_INTERVAL_MS}
              getKey={(ad) => ad.id}
              renderItem={(ad) => (
                <SmartLink className="home-ad__link" href={ad.link}>
                  {/* The artwork carries its own words; the title is what a screen reader says for it. */}
                  <ResponsiveImage
                    src={ad.litpic}
                    alt={ad.title || '广告'}
                    width={480}
                    height={180}
                    sizes="(max-width: 1023px) 100vw, 400px"
                  />
                </SmartLink>
              )}
            />
          )}
        </div>
      </div>
    </section>
  )
}
