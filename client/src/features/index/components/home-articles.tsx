import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import { formatDate } from '../../../lib/date'
import { cutText, stripMarkup } from '../../../lib/text'
import { ARTICLE_LIST_SIZE, COURSE_PREVIEWS, PREVIEW_INTRO_CUT, QUESTION_LIST_SIZE } from '../constants'
import type { HomeArticle, HomeNotice, QuestionLink } from '../../../../../common/api/home'
import { HomeSection } from './home-section'
import { Tabs } from './tabs'
import { CommentCount } from '../../../components/ui/comment-count'

/** Course previews (spec §2): 3 cards, introduction cut at 50 characters after stripping markup. */
export function CoursePreviews({ notices }: { notices: HomeNotice[] }) {
  return (
    <HomeSection title="课程预告" more={{ to: paths.notice }} className="course-previews">
      <ul className="preview-grid">
        {notices.slice(0, COURSE_PREVIEWS).map((notice) => (
          <li key={notice.id}>
            <Link className="lift-card preview-card" to={paths.noticeDetail(notice.id)}>
              <span className="preview-card__cover">
                {notice.cover_img && (
                  <ResponsiveImage
                    src={notice.cover_img}
                    alt={notice.name}
                    width={480}
                    height={270}
                    sizes="(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 300px"
                  />
                )}
                {notice.startAt && <span className="preview-card__date">{formatDate(notice.startAt)}</span>}
              </span>
              <span className="preview-card__body">
                <strong className="line-clamp-1">{notice.name}</strong>
                <span className="preview-card__intro">{cutText(stripMarkup(notice.introduction), PREVIEW_INTRO_CUT)}</span>
                {notice.location && <small>地点：{notice.location}</small>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
}

type ArticleTab = 'activity' | 'viewpoin'
const ARTICLE_TABS = [
  { key: 'activity' as const, label: '教学活动' },
  { key: 'viewpoin' as const, label: '学术观点' },
]

function ArticleList({ items, detail }: { items: HomeArticle[]; detail: (id: number) => string }) {
  const [lead, ...rest] = items.slice(0, ARTICLE_LIST_SIZE)
  if (!lead) return <p className="home-empty">暂无内容</p>
  return (
    <div className="article-board">
      <Link className="article-board__lead" to={detail(lead.id)}>
        <span className="article-board__cover">
          {lead.cover_img && (
            <ResponsiveImage src={lead.cover_img} alt={lead.title} width={480} height={270} sizes="(max-width: 640px) 100vw, 480px" />
          )}
        </span>
        <strong className="line-clamp-2">{lead.title}</strong>
        <span className="line-clamp-2">{stripMarkup(lead.content)}</span>
      </Link>
      <ul className="article-board__list">
        {rest.map((item) => (
          <li key={item.id}>
            <Link className="line-clamp-1" to={detail(item.id)} title={item.title}>
              {item.title}
            </Link>
            <CommentCount count={item.commentCount} />
            <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Teaching activities and academic views (14 each, tabbed) beside the common questions (14). */
export function ArticlesAndQuestions({
  activities,
  viewpoints,
  questions,
}: {
  activities: HomeArticle[]
  viewpoints: HomeArticle[]
  questions: QuestionLink[]
}) {
  const [tab, setTab] = useState<ArticleTab>('activity')
  const more = tab === 'activity' ? paths.activity : paths.viewpoint
  return (
    <div className="home-articles">
      <HomeSection title="名师动态" more={{ to: more }} className="home-news">
        <Tabs label="教学活动与学术观点" tabs={ARTICLE_TABS} active={tab} onChange={setTab} className="card article-tabs">
          {tab === 'activity' ? (
            <ArticleList items={activities} detail={paths.activityDetail} />
          ) : (
            <ArticleList items={viewpoints} detail={paths.viewpointDetail} />
          )}
        </Tabs>
      </HomeSection>
      <HomeSection title="常见问题" more={{ to: paths.question }} className="home-questions">
        <ol className="question-list card">
          {questions.slice(0, QUESTION_LIST_SIZE).map((question, i) => (
            <li key={question.id}>
              <span className="question-list__mark" aria-hidden="true">
                Q{i + 1}
              </span>
              <Link className="line-clamp-1" to={paths.questionDetail(question.id)} title={question.title}>
                {question.title}
              </Link>
            </li>
          ))}
        </ol>
      </HomeSection>
    </div>
  )
}
