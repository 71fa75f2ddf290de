import { ResponsiveImage } from '../../../components/ui/responsive-image'
import { BANNER_INTERVAL_MS, SITE_NAME } from '../constants'
import type { Banner } from '../../../../../common/api/special'
import { Carousel } from './carousel'
import { SmartLink } from './home-section'
import './banner-carousel.css'

/**
 * How wide a banner is drawn: the home banner shares the container with the teacher-library column
 * on wide screens (1200 - 2 × 16 padding - 232); other banners take the container's full width.
 */
const BANNER_SIZES: Record<string, string> = { 'home-banner': '(max-width: 1023px) 100vw, 936px' }
const WIDE_BANNER_SIZES = '(max-width: 1200px) 100vw, 1168px'

/**
 * A full-width banner carousel: the home page's (spec §2) and the special pages' banners
 * (Special/getBanner). On the home page the first image is the largest paint on wide screens, so it
 * loads first; the other slides load lazily, the WebP copy that fits the screen (ResponsiveImage).
 */
export function BannerCarousel({
  banners,
  label = '首页横幅',
  className = 'home-banner',
  isAboveTheFold = true,
  hasCaptions = true,
}: {
  banners: Banner[]
  label?: string
  className?: string
  isAboveTheFold?: boolean
  /** Draw each title over its picture; off where the pictures carry their titles, which are then the alt text. */
  hasCaptions?: boolean
}) {
  if (banners.length === 0) return <div className={`${className} ${className}--empty`} />
  return (
    <Carousel
      className={className}
      label={label}
      items={banners}
      interval={BANNER_INTERVAL_MS}
      dots
      getKey={(banner) => banner.id}
      renderItem={(banner, index) => {
        const isFirst = index === 0 && isAboveTheFold
        const caption = hasCaptions ? banner.title : ''
        // A title drawn over the picture names the slide, so the image itself is then decorative.
        const image = (
          <ResponsiveImage
            src={banner.litpic}
            alt={caption ? '' : banner.title || `${SITE_NAME}专题活动`}
            width={1200}
            height={400}
            sizes={BANNER_SIZES[className] ?? WIDE_BANNER_SIZES}
            priority={isFirst}
          />
        )
        return (
          <SmartLink className="home-banner__link" href={banner.link}>
            {image}
            {caption && (
              <span className="home-banner__caption">
                <strong>{caption}</strong>
              </span>
            )}
          </SmartLink>
        )
      }}
    />
  )
}
