// A small SVG column chart for the dashboard's 30 days of registrations. A charting library
// (@ant-design/plots pulls in G2, hundreds of KB) would be most of the console's weight for one chart.
import { useId, useState } from 'react'

export type ChartPoint = { label: string; value: number; /** The second series' value, when the chart has two. */ second?: number }
/** Names of the two series of a grouped chart (预约 and 成交), drawn side by side in each slot with a legend. */
export type ChartSeries = { first: string; second: string }

const WIDTH = 720
const HEIGHT = 240
const PAD = { top: 16, right: 12, bottom: 28, left: 36 }

/**
 * A "nice" ceiling for the axis: four equal steps of 1, 2 or 5 times a power of ten (at least 4), so
 * each gridline is a whole number (5 requests draw on 0-2-4-6-8, not on 1.25 and 3.75).
 */
function niceMax(value: number) {
  if (value <= 4) return 4
  const quarter = value / 4
  const power = 10 ** Math.floor(Math.log10(quarter))
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= quarter) ?? quarter
  return step * 4
}

export function BarChart({
  points,
  unit = '',
  title,
  series,
  period,
  labelEvery: givenLabelEvery,
}: {
  points: ChartPoint[]
  unit?: string
  title: string
  series?: ChartSeries
  /** How the caption names the whole range: 最近 30 天 by default. */
  period?: string
  /** Every how many columns a label is drawn (by default about eight labels). */
  labelEvery?: number
}) {
  const [active, setActive] = useState<number | null>(null)
  const gradient = useId()
  const secondGradient = useId()
  const max = niceMax(Math.max(0, ...points.map((point) => Math.max(point.value, point.second ?? 0))))
  const innerWidth = WIDTH - PAD.left - PAD.right
  const innerHeight = HEIGHT - PAD.top - PAD.bottom
  const slot = innerWidth / Math.max(points.length, 1)
  const barWidth = series ? Math.max(3, slot * 0.34) : Math.max(4, slot * 0.62)
  const y = (value: number) => PAD.top + innerHeight - (value / max) * innerHeight
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(max * share))
  const labelEvery = givenLabelEvery ?? Math.ceil(points.length / 8)
  const shown = active === null ? null : points[active]
  const sum = (pick: (point: ChartPoint) => number) => points.reduce((total, point) => total + pick(point), 0)
  const range = period ?? `最近 ${points.length} 天`
  const describe = (point: ChartPoint) =>
    series
      ? `${point.label} ${series.first} ${point.value}${unit}、${series.second} ${point.second ?? 0}${unit}`
      : `${point.label} ${point.value}${unit}`

  return (
    <figure className="adm-chart" style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`${title}：${points.map(describe).join('，')}`}>
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#4096ff" />
            <stop offset="100%" stopColor="#1668dc" />
          </linearGradient>
          <linearGradient id={secondGradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#5cdbd3" />
            <stop offset="100%" stopColor="#13a8a8" />
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
          const x = PAD.left + index * slot + (slot - barWidth * (series ? 2 : 1)) / 2
          const top = y(point.value)
          const secondTop = y(point.second ?? 0)
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
              {series && (
                <rect
                  x={x + barWidth}
                  y={secondTop}
                  width={barWidth}
                  height={Math.max(0, PAD.top + innerHeight - secondTop)}
                  rx={2}
                  fill={`url(#${secondGradient})`}
                  opacity={active === null || active === index ? 1 : 0.55}
                />
              )}
              {index % labelEvery === 0 && (
                <text x={x + (barWidth * (series ? 2 : 1)) / 2} y={HEIGHT - 8} textAnchor="middle">
                  {point.label}
                </text>
              )}
            </g>
          )
        })}
      </svg>
      <figcaption className="adm-chart__caption" aria-live="polite" style={{ minHeight: 22, color: 'rgba(0,0,0,.65)', fontSize: 13 }}>
        {series && (
          <span className="adm-chart__legend" aria-hidden>
            <i style={{ background: '#1668dc' }} />
            {series.first}
            <i style={{ background: '#13a8a8' }} />
            {series.second}
          </span>
        )}
        {shown
          ? series
            ? `${shown.label}：${series.first} ${shown.value}${unit}，${series.second} ${shown.second ?? 0}${unit}`
            : `${shown.label}：${shown.value}${unit}`
          : series
            ? `${range}合计：${series.first} ${sum((p) => p.value)}${unit}，${series.second} ${sum((p) => p.second ?? 0)}${unit}`
            : `${range}合计 ${sum((p) => p.value)}${unit}`}
      </figcaption>
    </figure>
  )
}
