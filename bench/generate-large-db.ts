// Builds the benchmark databases in bench/data/ (git-ignored): `demo.db` is the migrated demo seed,
// `large.db` is the same plus 5,000 teachers, 50,000 courses, 2,000 special topics and 400 tags
// (20 x 20 word pairs), linked 2-3 tags per row.
// A database is reused while its recorded key (generator version, migrations, seed data) matches.
// Run alone with `npx tsx bench/generate-large-db.ts [--force]`; bench/run.ts calls ensureBenchDatabases().
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { projectRoot } from '../server/lib/database-url'
// A seeded PRNG keeps the content identical from one generation to the next.
import { seededRandom } from '../common/seeded-random'

/** Bump when the generated content changes, so old files are rebuilt. */
export const GENERATOR_VERSION = 1

export const LARGE_COUNTS = { teachers: 5_000, courses: 50_000, specials: 2_000 }

export const benchDataDir = path.join(projectRoot, 'bench', 'data')
export const benchUploadDir = path.join(benchDataDir, 'uploads')

type DbKind = 'demo' | 'large'
type Meta = { key: string; kind: DbKind; counts: Record<string, number>; seconds: number }

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)

/** Everything the file depends on: a change in any of these rebuilds it. */
function sourceKey(kind: DbKind): string {
  const hash = crypto.createHash('sha256').update(`${kind}:${GENERATOR_VERSION}:${JSON.stringify(LARGE_COUNTS)}`)
  const addTree = (dir: string) => {
    if (!fs.existsSync(dir)) return
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) addTree(full)
      else hash.update(path.relative(projectRoot, full)).update(fs.readFileSync(full))
    }
  }
  addTree(path.join(projectRoot, 'prisma', 'migrations'))
  addTree(path.join(projectRoot, 'seed', 'data'))
  return hash.digest('hex').slice(0, 16)
}

const words = (s: string) => s.split(' ')
const SURNAMES = words(
  '王 李 张 刘 陈 杨 赵 黄 周 吴 徐 孙 胡 朱 高 林 何 郭 马 罗 梁 宋 郑 谢 韩 唐 冯 于 董 萧 程 曹 袁 邓 许 傅 沈 曾 彭 吕 苏 卢 蒋 蔡 贾 丁 魏 薛 叶 阎 余 潘 杜 戴 夏 钟 汪 田 任 姜 范 方 石 姚 谭 廖 邹 熊 金 陆 郝 孔 白 崔 康 毛 邱 秦 江 史 顾 侯 邵 孟 龙 万 段 欧阳 司马 上官',
)
const GIVEN = words(
  '伟 芳 娜 敏 静 强 磊 军 洋 勇 艳 杰 涛 明 超 华 平 刚 辉 鹏 宇 晨 浩 凯 博 文 斌 帆 林 峰 建国 志强 海涛 晓明 丽华 文博 思远 国华 立新 振宇 明哲 俊杰 雅琴 慧敏 宏伟 春生 永红 德胜 启明 怀远 正清 若愚 知行 守仁 长青 新民 济川 致远 嘉禾',
)
const INSTITUTIONS = words(
  '北京大学 清华大学 中国人民大学 复旦大学 浙江大学 南京大学 武汉大学 中山大学 厦门大学 南开大学 同济大学 上海交通大学 中央党校 国家行政学院 中国社会科学院 国务院发展研究中心 西安交通大学 四川大学 山东大学 吉林大学',
)
const SCHOOLS = words(
  '经济学院 管理学院 公共管理学院 马克思主义学院 法学院 信息科学技术学院 国际关系学院 历史学院 哲学系 金融研究院 战略研究院 文化研究中心',
)
const RANKS = words('教授 研究员 教授、博士生导师 特聘教授 副教授 首席专家 高级研究员')
const TOPICS = words(
  '宏观经济形势 数字经济 领导力 战略管理 组织变革 乡村振兴 区域协调发展 国有企业改革 公共危机管理 中华优秀传统文化 党的建设 法治政府建设 科技创新 人工智能 绿色低碳发展 金融风险防范 营商环境优化 基层社会治理 共同富裕 产业链供应链 城市更新 应急管理 干部心理调适 新质生产力 对外开放 财政与税收 资本市场 品牌战略 执行力 沟通艺术 国学智慧 生态文明建设 网络安全 大数据治理 公文写作',
)
const PREFIXES = ['', '', '新时代', '高质量发展视角下的', '数字化转型中的', '全球变局下的', '新发展格局中的', '中国式现代化进程中的']
const SUFFIXES = words('专题讲座 理论与实践 前沿问题解读 案例分析 能力提升 十讲 路径探索 方法论 实务精讲 研修课程 政策解读 热点透视')
const SPECIAL_FORMS = words('专题培训班 专题研修班 高级研修班 专题研讨会 系列讲座 能力提升班 主题论坛')
const AUDIENCES = words('领导干部 企业高管 基层干部 青年干部 党务工作者 公务员 国企负责人 创业者')
const GOALS = [
  '把握形势、开阔视野',
  '提升科学决策和统筹协调能力',
  '掌握可操作的工作方法',
  '增强推动改革发展的本领',
  '理解政策要义并转化为工作思路',
  '提高解决复杂问题的能力',
]
const CASES = words('典型地方实践 国内外企业案例 最新统计数据 重大政策文件 历史经验 一线调研成果')
const TAG_HEADS = words('数字 绿色 创新 治理 改革 开放 协同 安全 文化 人才 金融 产业 城市 乡村 法治 党建 战略 组织 品牌 科技')
const TAG_TAILS = words('转型 发展 实践 能力 思维 前沿 政策 案例 管理 建设 经济 领导 规划 服务 变革 升级 赋能 探索 生态 格局')

function textMaker(random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const sentence = (topic: string) =>
    `本课程围绕${topic}展开，结合${pick(CASES)}，面向${pick(AUDIENCES)}深入剖析${pick(TOPICS)}的关键问题，帮助学员${pick(GOALS)}。`
  return {
    pick,
    int,
    teacherName: () => `${pick(SURNAMES)}${pick(GIVEN)}`,
    teacherTitle: () => `${pick(INSTITUTIONS)}${pick(SCHOOLS)}${pick(RANKS)}`,
    courseTitle: (topic: string) => `${pick(PREFIXES)}${topic}${pick(SUFFIXES)}`,
    specialTitle: (topic: string) => `${int(2021, 2026)}年${pick(AUDIENCES)}${topic}${pick(SPECIAL_FORMS)}`,
    intro: (topic: string) => `${sentence(topic)}${sentence(pick(TOPICS))}`,
    teacherIntro: (topic: string) =>
      `长期从事${topic}研究，主持多项国家级课题，曾为${pick(AUDIENCES)}和${pick(AUDIENCES)}讲授${pick(TOPICS)}、${pick(TOPICS)}等课程，授课注重${pick(CASES)}与理论的结合。`,
    content: (topic: string) =>
      [topic, pick(TOPICS), pick(TOPICS), pick(TOPICS), pick(TOPICS), topic]
        .map((p, i) => `${i % 3 === 1 ? `<h3>${pick(TOPICS)}</h3>` : ''}<p>${sentence(p)}${sentence(pick(TOPICS))}</p>`)
        .join(''),
  }
}

function removeDb(file: string) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true })
}

function migrateAndSeed(file: string) {
  const env = { ...process.env, DATABASE_URL: `file:${file}`, UPLOAD_DIR: benchUploadDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' }
  execFileSync(bin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env, stdio: 'pipe' })
  if (!fs.existsSync(path.join(projectRoot, 'seed', 'import.ts'))) throw new Error('seed/import.ts is missing: the demo seed is required')
  execFileSync(bin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env, stdio: 'pipe' })
}

/** Bulk rows straight through better-sqlite3: one transaction, prepared statements. */
export function addLargeContent(file: string): Record<string, number> {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const random = seededRandom(20261121)
  const t = textMaker(random)
  const ids = (table: string) => (db.prepare(`SELECT id FROM "${table}" ORDER BY id`).all() as { id: number }[]).map((r) => r.id)
  const media = (table: string, column: string) =>
    (db.prepare(`SELECT DISTINCT "${column}" AS v FROM "${table}" WHERE "${column}" <> ''`).all() as { v: string }[]).map((r) => r.v)
  const teacherCategories = ids('TeacherCategory')
  const courseCategories = ids('CourseCategory')
  const specialCategories = ids('SpecialCategory')
  if (!teacherCategories.length || !courseCategories.length || !specialCategories.length) throw new Error('the demo seed has no categories')
  const photos = media('Teacher', 'photo')
  const courseCovers = media('Course', 'cover')
  const specialCovers = media('Special', 'cover')
  const start = Date.parse('2023-01-01T00:00:00Z')
  const span = Date.parse('2026-11-01T00:00:00Z') - start
  const date = () => new Date(start + Math.floor(random() * span)).toISOString().replace('Z', '+00:00')

  const insertTag = db.prepare('INSERT OR IGNORE INTO "Tag" (name, hotness, isHot, sort, createdAt, updatedAt) VALUES (?, ?, 0, 0, ?, ?)')
  const insertTeacher = db.prepare(
    `INSERT INTO "Teacher" (slug, name, photo, title, intro, content, categoryId, isRecommended, isHot, isPublished, sort, views, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertCourse = db.prepare(
    `INSERT INTO "Course" (slug, title, cover, intro, content, teacherId, categoryId, isHot, isSelected, isPublished, sort, views, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertSpecial = db.prepare(
    `INSERT INTO "Special" (slug, title, specialUrl, cover, intro, content, categoryId, isHot, isPublished, sort, views, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const linkTeacher = db.prepare('INSERT OR IGNORE INTO "TeacherTag" (teacherId, tagId) VALUES (?, ?)')
  const linkCourse = db.prepare('INSERT OR IGNORE INTO "CourseTag" (courseId, tagId) VALUES (?, ?)')
  const linkSpecial = db.prepare('INSERT OR IGNORE INTO "SpecialTag" (specialId, tagId) VALUES (?, ?)')
  const flag = (share: number) => (random() < share ? 1 : 0)

  db.transaction(() => {
    for (const head of TAG_HEADS) {
      for (const tail of TAG_TAILS) {
        const now = date()
        insertTag.run(`${head}${tail}`, t.int(0, 200), now, now)
      }
    }
    const tags = ids('Tag')
    const newTeachers: number[] = []
    for (let i = 1; i <= LARGE_COUNTS.teachers; i++) {
      const topic = t.pick(TOPICS)
      const now = date()
      const { lastInsertRowid } = insertTeacher.run(
        `bench-teacher-${i}`,
        t.teacherName(),
        photos.length ? t.pick(photos) : '',
        t.teacherTitle(),
        t.teacherIntro(topic),
        t.content(topic),
        t.pick(teacherCategories),
        flag(0.01),
        flag(0.02),
        flag(0.97),
        t.int(0, 100),
        t.int(0, 5000),
        now,
        now,
      )
      newTeachers.push(Number(lastInsertRowid))
      for (let k = 0; k < 2; k++) linkTeacher.run(lastInsertRowid, t.pick(tags))
    }
    for (let i = 1; i <= LARGE_COUNTS.courses; i++) {
      const topic = t.pick(TOPICS)
      const now = date()
      const { lastInsertRowid } = insertCourse.run(
        `bench-course-${i}`,
        t.courseTitle(topic),
        courseCovers.length ? t.pick(courseCovers) : '',
        t.intro(topic),
        t.content(topic),
        random() < 0.95 ? t.pick(newTeachers) : null,
        t.pick(courseCategories),
        flag(0.01),
        flag(0.01),
        flag(0.97),
        t.int(0, 100),
        t.int(0, 20000),
        now,
        now,
      )
      for (let k = 0; k < 3; k++) linkCourse.run(lastInsertRowid, t.pick(tags))
    }
    for (let i = 1; i <= LARGE_COUNTS.specials; i++) {
      const topic = t.pick(TOPICS)
      const now = date()
      const { lastInsertRowid } = insertSpecial.run(
        `bench-special-${i}`,
        t.specialTitle(topic),
        `/subject/detail/${i}`,
        specialCovers.length ? t.pick(specialCovers) : '',
        t.intro(topic),
        t.content(topic),
        t.pick(specialCategories),
        flag(0.02),
        flag(0.97),
        t.int(0, 100),
        t.int(0, 8000),
        now,
        now,
      )
      for (let k = 0; k < 3; k++) linkSpecial.run(lastInsertRowid, t.pick(tags))
    }
  })()
  db.pragma('optimize')
  db.exec('ANALYZE')
  const counts = countRows(db)
  db.close()
  return counts
}

function countRows(db: Database.Database): Record<string, number> {
  const tables = ['Teacher', 'Course', 'Special', 'Tag', 'TeacherTag', 'CourseTag', 'SpecialTag']
  return Object.fromEntries(tables.map((name) => [name, (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]))
}

function ensure(kind: DbKind, force: boolean): { file: string; meta: Meta; reused: boolean } {
  const file = path.join(benchDataDir, `${kind}.db`)
  const metaFile = path.join(benchDataDir, `${kind}.meta.json`)
  const key = sourceKey(kind)
  if (!force && fs.existsSync(file) && fs.existsSync(metaFile)) {
    const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Meta
    if (meta.key === key) return { file, meta, reused: true }
  }
  const started = Date.now()
  fs.mkdirSync(benchDataDir, { recursive: true })
  fs.rmSync(metaFile, { force: true })
  removeDb(file)
  migrateAndSeed(file)
  let counts: Record<string, number>
  if (kind === 'large') counts = addLargeContent(file)
  else {
    const db = new Database(file)
    counts = countRows(db)
    db.close()
  }
  const meta: Meta = { key, kind, counts, seconds: Math.round((Date.now() - started) / 100) / 10 }
  fs.writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`)
  return { file, meta, reused: false }
}

export function ensureBenchDatabases(force = false) {
  const demo = ensure('demo', force)
  const large = ensure('large', force)
  return { demo, large }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { demo, large } = ensureBenchDatabases(process.argv.includes('--force'))
  for (const db of [demo, large]) {
    const how = db.reused ? 'reused' : `generated in ${db.meta.seconds} s`
    console.log(`${path.relative(projectRoot, db.file)} (${how}):`, db.meta.counts)
  }
}
