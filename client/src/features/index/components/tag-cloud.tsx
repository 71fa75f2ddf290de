import { useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { searchPath } from '../../../lib/search-params'
import { TAG_CLOUD_REFRESH_MS } from '../constants'
import { useReducedMotion } from '../hooks/use-media-query'
import { tagColor } from './tag-cloud-colors'
import './tag-cloud.css'

/** Radians turned per refresh: a full turn takes about 20 s at the 40 ms refresh. */
const STEP = 0.0125
const TILT = 0.35

type Point = { x: number; y: number; z: number }

/** Evenly spread points on a unit sphere (Fibonacci lattice). */
export function spherePoints(count: number): Point[] {
  const golden = Math.PI * (3 - Math.sqrt(5))
  return Array.from({ length: count }, (_, i) => {
    const y = count === 1 ? 0 : 1 - (i / (count - 1)) * 2
    const r = Math.sqrt(1 - y * y)
    const theta = golden * i
    return { x: Math.cos(theta) * r, y, z: Math.sin(theta) * r }
  })
}

/** Rotation about the Y axis by `angle`, after a fixed tilt about X so the sphere turns diagonally. */
export function rotate(point: Point, angle: number): Point {
  const cosA = Math.cos(angle)
  const sinA = Math.sin(angle)
  const x1 = point.x * cosA + point.z * sinA
  const z1 = -point.x * sinA + point.z * cosA
  const cosT = Math.cos(TILT)
  const sinT = Math.sin(TILT)
  return { x: x1, y: point.y * cosT - z1 * sinT, z: point.y * sinT + z1 * cosT }
}

export type CloudTag = { id: number; name: string; hotness?: number }

/**
 * Focus from the keyboard, not from a click: a click on a turning tag must land on it, not on the
 * flat list the cloud would switch to under the pointer.
 */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible')
  } catch {
    return true // no :focus-visible support: treat focus as the keyboard's
  }
}

/**
 * Rotating 3D hot-tag cloud (spec §2): plain DOM transforms refreshed every 40 ms, paused while the
 * pointer is over it or it is off screen. Each tag searches with type "all" and the tag as label.
 *
 * While it turns, the tags overlap and move, too small and too close to be keyboard targets (WCAG
 * 2.5.8), so the cloud is one tab stop: focusing it stops it and lays the tags out as a plain
 * wrapped list of links, each reached by Tab, until focus leaves. With reduced motion it is that
 * list from the start. Tags on the far side of the sphere take no clicks through the front ones.
 */
export function TagCloud({ tags }: { tags: CloudTag[] }) {
  const reduceMotion = useReducedMotion()
  const boxRef = useRef<HTMLDivElement>(null)
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([])
  const [isHovered, setIsHovered] = useState(false)
  const [hasFocus, setHasFocus] = useState(false)
  const [isVisible, setIsVisible] = useState(true)
  const angle = useRef(0)
  const points = useMemo(() => spherePoints(tags.length), [tags.length])
  const isFlat = reduceMotion || hasFocus

  useEffect(() => {
    const box = boxRef.current
    if (!box || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => setIsVisible(entry.isIntersecting))
    observer.observe(box)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (isFlat) {
      // Laid out flat, every tag is nearest: its own colour, and clickable.
      itemRefs.current.forEach((node, i) => {
        if (!node) return
        node.style.color = tagColor(i, 1)
        node.style.pointerEvents = ''
      })
      return
    }
    const box = boxRef.current
    if (!box) return
    // The box's size comes from a ResizeObserver, delivered after the browser's own layout: reading
    // clientWidth here would force a layout during hydration's effects and again on every refresh.
    let size: { width: number; height: number } | null = null
    const paint = () => {
      if (!size) return
      // An ellipsoid a little wider than tall fills the usual landscape box better than a ball.
      const radiusY = Math.min(size.width, size.height) / 2 - 22
      const radiusX = Math.min(size.width / 2 - 36, radiusY * 1.25)
      points.forEach((point, i) => {
        const node = itemRefs.current[i]
        if (!node) return
        const p = rotate(point, angle.current)
        // Front (z = 1) is full size and on top; the back shrinks and pales behind it, still legible.
        const depth = (p.z + 1) / 2
        const scale = 0.55 + depth * 0.5
        node.style.transform = `translate(-50%, -50%) translate3d(${(p.x * radiusX).toFixed(1)}px, ${(p.y * radiusY).toFixed(1)}px, 0) scale(${scale.toFixed(3)})`
        node.style.color = tagColor(i, depth)
        node.style.zIndex = String(Math.round(depth * 100))
        node.style.pointerEvents = p.z < 0 ? 'none' : ''
      })
    }
    const resizes =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => {
            size = { width: entry.contentRect.width, height: entry.contentRect.height }
            paint()
          })
    if (resizes) resizes.observe(box)
    else {
      size = { width: box.clientWidth, height: box.clientHeight }
      paint()
    }
    const timer =
      isHovered || !isVisible
        ? undefined
        : window.setInterval(() => {
            angle.current += STEP
            paint()
          }, TAG_CLOUD_REFRESH_MS)
    return () => {
      resizes?.disconnect()
      window.clearInterval(timer)
    }
  }, [points, isFlat, isHovered, isVisible])

  if (tags.length === 0) return null
  const maxHot = Math.max(1, ...tags.map((tag) => tag.hotness ?? 0))

  return (
    <div
      ref={boxRef}
      className={`tag-cloud${isFlat ? ' tag-cloud--static' : ''}`}
      role="group"
      aria-label="热门标签"
      // The one tab stop of the turning cloud; once flat, the tags themselves are the stops.
      tabIndex={reduceMotion ? undefined : hasFocus ? -1 : 0}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={(event) => {
        if (isKeyboardFocus(event.target)) setHasFocus(true)
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false)
      }}
    >
      <ul>
        {tags.map((tag, i) => (
          <li key={tag.id}>
            <Link
              ref={(node) => {
                itemRefs.current[i] = node
              }}
              className="tag-cloud__tag"
              to={searchPath({ type: 'all', label: tag.name })}
              tabIndex={isFlat ? undefined : -1}
              style={{ color: tagColor(i, 1), fontSize: `${12 + Math.round(((tag.hotness ?? 0) / maxHot) * 5)}px` }}
            >
              {tag.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
