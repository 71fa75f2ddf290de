// A small SVG column chart for the dashboard's 30 days of registrations. A charting library
// (@ant-design/plots pulls in G2, hundreds of KB) would be most of the console's weight for one chart.
import { useId, useState } from 'react'

export type ChartPoint = { label: string; value: number }

const WIDTH = 720
const HEIGHT = 240
const PAD = { top: 16, right: 12, bottom: 28, left: 36 }

/** A "nice" ceiling for the axis: 1, 2 or 5 times a power of ten, at least 4. */
function niceMax(value: number) {
  if (value <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(value))
  return [1, 2, 5, 10].map((step) => step * power).find((ceiling) => ceiling >= value) ?? value
}

export function BarChart({ points, unit = '', title }: { points: ChartPoint[]; unit?: string; title: string }) {
  const [active, setActive] = useState<number | null>(null)
  const gradient = useId()
  const max = niceMax(Math.max(0, ...points.map((point) => point.value)))
  const innerWidth = WIDTH - PAD.left - PAD.right
  const innerHeight = HEIGHT - PAD.top - PAD.bottom
  const slot = innerWidth / Math.max(points.length, 1)
  const barWidth = Math.max(4, slot * 0.62)
  const y = (value: number) => PAD.top + innerHeight - (value / max) * innerHeight
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(max * share))
  const labelEvery = Math.ceil(points.length / 8)
  const shown = active === null ? null : points[active]

  return (
    <figure className="adm-chart" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={`${title}：${points.map((p) => `${p.label} ${p.value}${unit}`).join('，')}`}
      >
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#4096ff" />
            <stop offset="100%" stopColor="#1668dc" />
          </linearGradient>
        </defs>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="#f0f0f0"
              strokeDasharray={tick ? '3 3' : undefined}
            />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const x = PAD.left + index * slot + (slot - barWidth) / 2
          const top = y(point.value)
          return (
            <g key={point.label} onMouseEnter={() => setActive(index)} onMouseLeave={() => setActive(null)}>
              <rect
                x={PAD.left + index * slot}
                y={PAD.top}
                width={slot}
                height={innerHeight}
                fill={active === index ? 'rgba(22,104,220,0.06)' : 'transparent'}
              />
              <rect
                x={x}
                y={top}
                width={barWidth}
                height={Math.max(0, PAD.top + innerHeight - top)}
                rx={2}
                fill={`url(#${gradient})`}
                opacity={active === null || active === index ? 1 : 0.55}
              />
              {index % labelEvery === 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle">
                  {point.label}
                </text>
              )}
            </g>
          )
        })}
      </svg>
      <figcaption className="adm-chart__caption" aria-live="polite" style={{ minHeight: 22, color: 'rgba(0,0,0,.65)', fontSize: 13 }}>
        {shown
          ? `${shown.label}：${shown.value}${unit}`
          : `最近 ${points.length} 天合计 ${points.reduce((sum, p) => sum + p.value, 0)}${unit}`}
      </figcaption>
    </figure>
  )
}
