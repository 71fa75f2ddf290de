import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { ResponsiveImage } from '../../../components/ui/responsive-image'
import { cutText } from '../../../lib/text'
import { useTagCloud } from '../api/get-tag-cloud'
import { SPECIAL_CAROUSEL_INTERVAL_MS, SPECIAL_CAROUSEL_SIZE, SPECIAL_LIST_SIZE, SPECIAL_TITLE_CUT, TAG_CLOUD_SIZE } from '../constants'
import type { SpecialCard } from '../../../../../common/api/cards'
import { Carousel } from './carousel'
import { HomeSection } from './home-section'
import { TagCloud } from './tag-cloud'
import { CommentCount } from '../../../components/ui/comment-count'

/** The slide's drawn width: the screen less the page's padding on phones, half of it on tablets, about 500 px on desktops. */
const SLIDE_SIZES = '(max-width: 640px) calc(100vw - 32px), (max-width: 1023px) 50vw, 500px'

/** Hot special topics (spec §2): carousel of 5 at 3000 ms, a list of 7 and the rotating tag cloud. */
export function HotSpecials({ carousel, list }: { carousel: SpecialCard[]; list: SpecialCard[] }) {
  const tags = useTagCloud(TAG_CLOUD_SIZE)
  return (
    <HomeSection title="热门专题" more={{ to: paths.special() }} className="hot-specials">
      <div className="hot-specials__grid">
        <Carousel
          className="hot-specials__carousel"
          label="热门专题轮播"
          items={carousel.slice(0, SPECIAL_CAROUSEL_SIZE)}
          interval={SPECIAL_CAROUSEL_INTERVAL_MS}
          dots
          getKey={(special) => special.id}
          renderItem={(special, index) => (
            <Link className="special-slide" to={paths.specialDetail(special.id)}>
              {special.cover_img && (
                // On phones the first slide is the page's largest paint: fetched at once, not lazily.
                <ResponsiveImage
                  src={special.cover_img}
                  alt={special.title}
                  width={480}
                  height={270}
                  sizes={SLIDE_SIZES}
                  priority={index === 0}
                />
              )}
              <span className="special-slide__title line-clamp-1">{special.title}</span>
            </Link>
          )}
        />
        <ol className="hot-specials__list card">
          {list.slice(0, SPECIAL_LIST_SIZE).map((special, i) => (
            <li key={special.id}>
              <span className={`rank rank--${i < 3 ? 'top' : 'rest'}`}>{i + 1}</span>
              <Link to={paths.specialDetail(special.id)} title={special.title}>
                {cutText(special.title, SPECIAL_TITLE_CUT)}
              </Link>
              <CommentCount count={special.commentCount} />
            </li>
          ))}
        </ol>
        <div className="hot-specials__cloud card">
          <h3>热门标签</h3>
          <TagCloud tags={tags.data ?? []} />
        </div>
      </div>
    </HomeSection>
  )
}
