import { type ReactNode } from 'react'
import { useCarousel } from '../hooks/use-carousel'
import './carousel.css'

type Props<T> = {
  items: T[]
  label: string
  interval: number
  getKey: (item: T) => string | number
  renderItem: (item: T, index: number, isActive: boolean) => ReactNode
  className?: string
  /** Dots are numbered buttons; captions let a dot show a title instead. */
  dots?: 'dots' | 'none'
}

/**
 * Cross-fading carousel with previous/next buttons and dots. Hidden slides are inert, so only
 * the visible slide's links are in the tab order; autoplay pauses on hover and focus.
 */
export function Carousel<T>({ items, label, interval, getKey, renderItem, className = '', dots = 'dots' }: Props<T>) {
  const { index, goTo, next, prev, pauseHandlers } = useCarousel({ count: items.length, interval })
  const hasControls = items.length > 1

  return (
    <section className={`carousel ${className}`} aria-roledescription="carousel" aria-label={label} {...pauseHandlers}>
      <div className="carousel__viewport">
        {items.map((item, i) => {
          const isActive = i === index
          return (
            <div
              key={getKey(item)}
              className={`carousel__slide${isActive ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`第 ${i + 1} 张，共 ${items.length} 张`}
              aria-hidden={!isActive}
              inert={!isActive}
            >
              {renderItem(item, i, isActive)}
            </div>
          )
        })}
      </div>
      {hasControls && (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label="上一张" onClick={prev}>
            ‹
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label="下一张" onClick={next}>
            ›
          </button>
          {dots === 'dots' && (
            <div className="carousel__dots">
              {items.map((item, i) => (
                <button
                  key={getKey(item)}
                  type="button"
                  className="carousel__dot"
                  aria-label={`切换到第 ${i + 1} 张`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => goTo(i)}
                />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  )
}
