import { useBanners } from '../features/index/api/get-banners'
import { BannerCarousel } from '../features/index/components/banner-carousel'
import '../features/special/components/topic-banner.css'

/**
 * Special/getBanner's banners (position "special") at the top of the special list and of a
 * special's page; their loaders fetch bannersQuery('special') so the server renders them.
 * Nothing at all when there are none. The banner pictures carry their titles, so no caption is drawn.
 */
export function SpecialBanner({ isSlim = false }: { isSlim?: boolean }) {
  const banners = useBanners('special')
  if (!banners.data?.length) return null
  return (
    <div className={`container topic-banner-wrap${isSlim ? '' : ' topic-banner-wrap--hero'}`}>
      <BannerCarousel
        banners={banners.data}
        label="专题横幅"
        className={`topic-banner${isSlim ? ' topic-banner--slim' : ''}`}
        isAboveTheFold={false}
        hasCaptions={false}
      />
    </div>
  )
}
