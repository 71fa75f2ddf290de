// One-off: renders the demo banners (drawn background + Chinese title) to seed/data/images/banners/*.jpg.
// Needs ffmpeg with a CJK font, which only the developer's machine has; the importer just copies
// the committed JPEGs. Run: npx tsx seed/tools/render-banners.ts
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drawBanner } from '../../server/features/content/pictures/pictures'

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'images', 'banners')
const font = '/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc'

export const bannerTexts: { slug: string; theme: string; title: string; subtitle: string }[] = [
  { slug: 'home-1', theme: 'red', title: '汇聚名师智慧 服务干部成长', subtitle: '经济 · 管理 · 科技 · 文化 · 党建  五大领域百余位名师' },
  { slug: 'home-2', theme: 'blue', title: '新质生产力发展专题', subtitle: '权威解读 · 案例剖析 · 实践路径' },
  { slug: 'home-3', theme: 'indigo', title: '精品课程 深度学习', subtitle: '十大类课程体系  覆盖干部履职所需' },
  { slug: 'home-4', theme: 'cyan', title: '定制专题培训 服务高质量发展', subtitle: '需求调研 · 方案设计 · 师资匹配 · 效果评估' },
  { slug: 'ad-1', theme: 'warm', title: '2026 中国名师论坛年会报名中', subtitle: '汇聚名家  共话发展' },
  { slug: 'ad-2', theme: 'blue', title: '领导干部数字素养提升专题', subtitle: '懂技术 · 会应用 · 善治理' },
  { slug: 'ad-3', theme: 'green', title: '乡村振兴带头人专题培训', subtitle: '产业振兴 · 乡村治理 · 集体经济' },
  { slug: 'special-1', theme: 'red', title: '学习贯彻党的二十届三中全会精神', subtitle: '专题学习资源汇编' },
  { slug: 'special-2', theme: 'cyan', title: '数字中国建设专题', subtitle: '数字基础设施 · 数据资源体系 · 数字化应用' },
  { slug: 'special-3', theme: 'warm', title: '中华优秀传统文化传承发展专题', subtitle: '读经典 · 学智慧 · 强自信' },
]

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(outDir, { recursive: true })
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'banners-'))
  for (const banner of bannerTexts) {
    const background = path.join(tmp, `${banner.slug}.png`)
    fs.writeFileSync(background, drawBanner(`banner:${banner.slug}`, banner.theme))
    const text = (value: string, size: number, y: number, color: string) =>
      `drawtext=fontfile=${font}:text='${value}':fontsize=${size}:fontcolor=${color}:x=110:y=${y}:shadowcolor=black@0.25:shadowx=0:shadowy=2`
    const filters = [
      'drawbox=x=110:y=128:w=56:h=5:color=0xffd27a:t=fill',
      text(banner.title, 54, 150, 'white'),
      text(banner.subtitle, 26, 238, 'white@0.88'),
    ].join(',')
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', background, '-vf', filters, '-q:v', '4', path.join(outDir, `${banner.slug}.jpg`)])
  }
  fs.rmSync(tmp, { recursive: true, force: true })
  console.log(`rendered ${bannerTexts.length} banners to ${outDir}`)
}
