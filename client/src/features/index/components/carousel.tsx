import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useAutoplay } from '../hooks/use-autoplay'
import { useIdleAttach } from '../hooks/use-idle-attach'
import './carousel.css'

type Props<T> = {
  items: T[]
  label: string
  /** Autoplay interval in ms (spec §9 where it names one). */
  interval: number
  getKey: (item: T) => string | number
  renderItem: (item: T, index: number) => ReactNode
  /** Sets the look and the slides per view: `--per-view` in the class's CSS (1 unless set). */
  className?: string
  /** Added to each slide's own class. */
  slideClassName?: string
  /** Numbered dots (single-slide carousels; the teacher row has none). */
  dots?: boolean
  /** What one slide is, for the buttons' names: 张 → 上一张 / 下一张, 位名师 → 上一位名师. */
  unit?: string
}

type CarouselApi = NonNullable<UseEmblaCarouselType[1]>

const FORM_FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT'])

/**
 * Slides the visitor can swipe (embla-carousel), with named previous/next buttons, the arrow keys
 * while focus is inside, dots, and autoplay that pauses on hover and focus, stops under
 * prefers-reduced-motion and has a visible pause/play button. How many slides show at once is
 * CSS (`--per-view`), so the server's HTML already has the final layout: nothing moves when the
 * browser takes over. Slides out of view are inert, so Tab only reaches what can be seen. The
 * carousel starts in an idle moment after the page is interactive (its first measurement is a
 * forced layout), or at once when the visitor reaches for it; a button pressed before that acts
 * once it has started. `data-ready` marks a started carousel.
 */
export function Carousel<T>({
  items,
  label,
  interval,
  getKey,
  renderItem,
  className = '',
  slideClassName = '',
  dots = true,
  unit = '张',
}: Props<T>) {
  const count = items.length
  const [emblaViewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start', containScroll: 'trimSnaps', duration: 28 })
  const [viewportRef, startNow] = useIdleAttach(emblaViewportRef)
  const pending = useRef<((api: CarouselApi) => void) | undefined>(undefined)
  /** Acts on the started carousel, starting it first when it has not started yet. */
  const act = (action: (api: CarouselApi) => void) => {
    if (embla) return action(embla)
    pending.current = action
    startNow()
  }
  const [selected, setSelected] = useState(0)
  const [snapCount, setSnapCount] = useState(count)
  const hasControls = count > 1 && snapCount > 1

  const onTick = useCallback(() => embla?.scrollNext(), [embla])
  const autoplay = useAutoplay({ interval, canPlay: hasControls, onTick, restartKey: selected })
  // Under reduced motion a button, key or dot jumps instead of sliding (a swipe still follows the finger).
  const jump = autoplay.reduceMotion
  const prev = () => act((api) => api.scrollPrev(jump))
  const next = () => act((api) => api.scrollNext(jump))

  useEffect(() => {
    if (!embla) return
    const sync = () => {
      setSelected(embla.selectedScrollSnap())
      setSnapCount(embla.scrollSnapList().length)
      markVisibleSlides(embla.slideNodes(), embla.rootNode(), embla.selectedScrollSnap(), embla.internalEngine().options.loop)
    }
    sync()
    pending.current?.(embla)
    pending.current = undefined
    embla.on('select', sync).on('reInit', sync)
    return () => {
      embla.off('select', sync).off('reInit', sync)
    }
  }, [embla])

  const onKeyDown = (event: KeyboardEvent) => {
    if (FORM_FIELDS.has((event.target as HTMLElement).tagName)) return
    if (event.key === 'ArrowLeft') prev()
    else if (event.key === 'ArrowRight') next()
    else return
    event.preventDefault()
  }

  return (
    <section
      className={`carousel ${className}`.trim()}
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={embla ? 'true' : undefined}
      onKeyDown={onKeyDown}
      onPointerDownCapture={startNow}
      onFocusCapture={startNow}
      {...autoplay.holdHandlers}
    >
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__track" aria-live={autoplay.isRunning ? 'off' : 'polite'}>
          {items.map((item, i) => (
            <div
              key={getKey(item)}
              className={`carousel__slide ${slideClassName}`.trim()}
              role="group"
              aria-roledescription="slide"
              aria-label={`第 ${i + 1} ${unitWord(unit)}，共 ${count} ${unitWord(unit)}`}
            >
              {renderItem(item, i)}
            </div>
          ))}
        </div>
      </div>
      {hasControls && (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={`上一${unit}`} onClick={prev}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={`下一${unit}`} onClick={next}>
            <span aria-hidden="true">›</span>
          </button>
          <div className="carousel__bar">
            {dots && (
              <div className="carousel__dots">
                {items.map((item, i) => (
                  <button
                    key={getKey(item)}
                    type="button"
                    className="carousel__dot"
                    aria-label={`切换到第 ${i + 1} ${unitWord(unit)}`}
                    aria-current={i === selected ? 'true' : undefined}
                    onClick={() => act((api) => api.scrollTo(i, jump))}
                  />
                ))}
              </div>
            )}
            <button
              type="button"
              className={`carousel__play${autoplay.isOn ? '' : ' is-paused'}`}
              aria-label={autoplay.isOn ? '暂停自动播放' : '开始自动播放'}
              onClick={autoplay.toggle}
            >
              <span aria-hidden="true" className="carousel__play-icon" />
            </button>
          </div>
        </>
      )}
    </section>
  )
}

/** 张 stays 张; "位名师" counts as 位 in "第 2 位，共 10 位". */
const unitWord = (unit: string) => unit.slice(0, 1)

/**
 * Marks the slides the selected snap shows (inert and hidden from assistive tech otherwise). Done
 * on the DOM, not in React state: which slides show depends on the CSS width, which the server's
 * HTML cannot know, and the attributes must not differ between that HTML and the first render.
 */
function markVisibleSlides(slides: HTMLElement[], viewport: HTMLElement, selected: number, isLooped: boolean) {
  const slideWidth = slides[0]?.getBoundingClientRect().width ?? 0
  const perView = slideWidth > 0 ? Math.max(1, Math.round(viewport.getBoundingClientRect().width / slideWidth)) : 1
  const first = isLooped ? selected : Math.min(selected, Math.max(0, slides.length - perView))
  const visible = new Set(Array.from({ length: perView }, (_, k) => (first + k) % slides.length))
  slides.forEach((slide, i) => {
    const isVisible = visible.has(i)
    slide.toggleAttribute('inert', !isVisible)
    if (isVisible) slide.removeAttribute('aria-hidden')
    else slide.setAttribute('aria-hidden', 'true')
  })
}
