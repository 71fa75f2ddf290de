import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../config/paths'
import { mediaUrl } from '../../../lib/api-client'
import { TEACHER_CAROUSEL_PER_VIEW } from '../constants'
import { useCarousel } from '../hooks/use-carousel'
import { useMediaQuery } from '../hooks/use-media-query'
import type { TeacherCard } from '../types'
import './teacher-carousel.css'

const AUTOPLAY_MS = 4000

/** 5 per view on desktops (spec §9), fewer on narrow screens so portraits stay readable. */
function usePerView() {
  const isWide = useMediaQuery('(min-width: 1024px)')
  const isMedium = useMediaQuery('(min-width: 600px)')
  return isWide ? TEACHER_CAROUSEL_PER_VIEW : isMedium ? 3 : 2
}

/**
 * Looped teacher carousel: the first `perView` cards are cloned after the last, the track slides
 * onto the clones and then jumps back to the start without a transition, so it never rewinds.
 */
export function TeacherCarousel({ teachers }: { teachers: TeacherCard[] }) {
  const perView = usePerView()
  const count = teachers.length
  const isLooped = count > perView
  const { index, next, prev, reduceMotion, pauseHandlers } = useCarousel({ count: isLooped ? count : 0, interval: AUTOPLAY_MS })
  // `position` runs one past the carousel index while sliding onto the clones.
  const [position, setPosition] = useState(0)
  const [isAnimated, setIsAnimated] = useState(isLooped && !reduceMotion)
  // Set after a jump onto the clones without a transition: the position to slide back to once it is painted.
  const [slideBackTo, setSlideBackTo] = useState<number | null>(null)

  // Moves the track when the carousel changes, during render so the new position is in the same frame.
  const [settled, setSettled] = useState({ index, count, isLooped, reduceMotion })
  if (index !== settled.index || count !== settled.count || isLooped !== settled.isLooped || reduceMotion !== settled.reduceMotion) {
    const previous = settled.index
    setSettled({ index, count, isLooped, reduceMotion })
    setSlideBackTo(null)
    if (!isLooped || reduceMotion) {
      setIsAnimated(false)
      setPosition(isLooped ? index : 0)
    } else if (index === 0 && previous === count - 1) {
      // Slide forward onto the clone of the first card; onTransitionEnd jumps back to 0.
      setIsAnimated(true)
      setPosition(count)
    } else if (index === count - 1 && previous === 0) {
      // Jump to the clone of the first card without a transition, then slide back one.
      setIsAnimated(false)
      setPosition(count)
      setSlideBackTo(count - 1)
    } else {
      setIsAnimated(true)
      setPosition(index)
    }
  }

  useEffect(() => {
    if (slideBackTo === null) return
    let isCancelled = false
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (isCancelled) return
        setIsAnimated(true)
        setPosition(slideBackTo)
        setSlideBackTo(null)
      }),
    )
    return () => {
      isCancelled = true
    }
  }, [slideBackTo])

  const onTransitionEnd = () => {
    if (position >= count) {
      setIsAnimated(false)
      setPosition(position - count)
    }
  }

  const slides = isLooped ? [...teachers, ...teachers.slice(0, perView)] : teachers
  const visibleFrom = position
  const visibleTo = position + perView - 1

  return (
    <section className="teacher-carousel" aria-roledescription="carousel" aria-label="推荐名师" {...pauseHandlers}>
      <div className="teacher-carousel__viewport">
        <ul
          className="teacher-carousel__track"
          style={{
            transform: `translateX(${(-position * 100) / perView}%)`,
            transition: isAnimated && !reduceMotion ? undefined : 'none',
            ['--per-view' as string]: perView,
          }}
          onTransitionEnd={onTransitionEnd}
        >
          {slides.map((teacher, i) => {
            const isVisible = i >= visibleFrom && i <= visibleTo
            return (
              <li key={`${teacher.id}-${i}`} className="teacher-carousel__slide" aria-hidden={!isVisible} inert={!isVisible}>
                <Link className="teacher-slide" to={paths.teacherDetail(teacher.id)}>
                  <span className="teacher-slide__photo">
                    {teacher.img && <img src={mediaUrl(teacher.img)} alt={`${teacher.name}照片`} loading="lazy" decoding="async" />}
                  </span>
                  <span className="teacher-slide__body">
                    <strong>{teacher.name}</strong>
                    {teacher.title && <span className="line-clamp-2">{teacher.title}</span>}
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      </div>
      {isLooped && (
        <>
          <button type="button" className="teacher-carousel__arrow teacher-carousel__arrow--prev" aria-label="上一位名师" onClick={prev}>
            ‹
          </button>
          <button type="button" className="teacher-carousel__arrow teacher-carousel__arrow--next" aria-label="下一位名师" onClick={next}>
            ›
          </button>
        </>
      )}
    </section>
  )
}
