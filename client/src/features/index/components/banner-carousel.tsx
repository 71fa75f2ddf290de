import { mediaUrl } from '../../../lib/api-client'
import { BANNER_INTERVAL_MS, SITE_NAME } from '../constants'
import type { Banner } from '../types'
import { Carousel } from './carousel'
import { SmartLink } from './home-section'

/** Home banner carousel (spec §2); the first image is the page's largest paint, so it loads first. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return <div className="home-banner home-banner--empty" />
  return (
    <Carousel
      className="home-banner"
      label="首页横幅"
      items={banners}
      interval={BANNER_INTERVAL_MS}
      getKey={(banner) => banner.id}
      renderItem={(banner, index) => {
        // The title is drawn over the picture, so the image itself is decorative when there is one.
        const image = (
          <img
            src={mediaUrl(banner.litpic)}
            alt={banner.title ? '' : `${SITE_NAME}专题活动`}
            width={1200}
            height={400}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'low'}
            decoding={index === 0 ? 'sync' : 'async'}
          />
        )
        return (
          <SmartLink className="home-banner__link" href={banner.link}>
            {image}
            {banner.title && (
              <span className="home-banner__caption">
                <strong>{banner.title}</strong>
              </span>
            )}
          </SmartLink>
        )
      }}
    />
  )
}
