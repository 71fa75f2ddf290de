// One-off generator of the demo seed folder (seed/data/*.json) from the lists beside it.
// The JSON files are the source of truth and may be edited by hand; running this again
// overwrites them. Not used at import time. Run: npx tsx seed/tools/generate-demo-data.ts
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { seededRandom } from '../../server/features/content/pictures/raster'
import { questions, viewpoints } from './demo-articles'
import { courseCategories, specialCategories, tags } from './demo-catalog'
import { fieldsByCategory, teacherCategories, teachersByCategory } from './demo-people'

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data')
const random = seededRandom('mingshi-demo-2026')
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
const pad = (n: number, width = 3) => String(n).padStart(width, '0')
// Seed dates are Beijing time: the Date's UTC fields hold the local wall-clock time.
const beijing = (day: Date) => `${day.toISOString().slice(0, 19)}+08:00`
const write = (name: string, records: unknown[]) => fs.writeFileSync(path.join(outDir, name), `${JSON.stringify(records, null, 2)}\n`)
const teacherTags: Record<string, string[]> = {
  economy: ['高质量发展', '新质生产力', '统一大市场', '共同富裕', '民营经济', '县域经济', '金融风险'],
  management: ['领导力', '应急管理', '基层治理', '法治政府', '调查研究', '舆情应对'],
  technology: ['人工智能', '数字经济', '数据要素', '科技创新', '网络安全', '碳达峰碳中和'],
  culture: ['中华优秀传统文化', '文化自信', '廉洁文化'],
  'party-building': ['全面从严治党', '党纪学习教育', '作风建设', '红色文化'],
}
const degrees: Record<string, string> = {
  economy: '经济学博士',
  management: '管理学博士',
  technology: '工学博士',
  culture: '历史学博士',
  'party-building': '法学博士',
}
const societies: Record<string, string[]> = {
  economy: ['中国区域经济学会', '中国财政学会', '中国金融学会', '中国工业经济学会'],
  management: ['中国行政管理学会', '中国领导科学研究会', '中国管理现代化研究会', '中国应急管理学会'],
  technology: ['中国人工智能学会', '中国计算机学会', '中国科学学与科技政策研究会', '中国通信学会'],
  culture: ['中国孔子基金会', '中国古代文学学会', '中国史学会', '中国文物学会'],
  'party-building': ['中国中共党史学会', '全国党建研究会', '中国马克思主义研究基金会', '中国廉政研究会'],
}
const styles = [
  '授课理论联系实际，善于运用一手调研数据和鲜活案例，深入浅出、逻辑清晰，深受学员欢迎。',
  '讲课视野开阔，善于把宏观政策与地方实践结合起来，观点鲜明、启发性强。',
  '语言生动，旁征博引，能够把深奥的理论讲得通俗易懂，课堂互动性强。',
  '注重问题导向，善于运用案例教学和情景模拟调动学员参与，课程针对性和实用性强。',
  '善于将历史经验与现实问题贯通起来讲，既有理论深度，又有情感温度。',
]

// ---------- teachers ----------
type Teacher = { slug: string; name: string; category: string; title: string; fields: string[]; courses: string[] }
const teachers: Teacher[] = []
for (const category of teacherCategories) {
  const fields = fieldsByCategory[category.slug]
  teachersByCategory[category.slug].forEach((person, i) => {
    teachers.push({
      slug: `t-${pad(teachers.length + 1)}`,
      name: person.name,
      category: category.slug,
      title: person.title,
      fields: [fields[i % fields.length], fields[(i + 3) % fields.length], fields[(i + 7) % fields.length]],
      courses: [],
    })
  })
}

// ---------- courses ----------
const angles = [
  '从理论逻辑、历史逻辑和实践逻辑三个维度展开',
  '结合最新政策文件和各地典型案例',
  '立足国内外比较视野',
  '坚持问题导向，聚焦工作中的难点堵点',
]
const goals = [
  '准确把握政策要义，提升推动工作落实的能力',
  '拓宽视野、更新知识，增强谋划工作的前瞻性',
  '掌握方法工具，提高解决实际问题的本领',
  '把握发展趋势，找准本地区本单位工作的切入点',
]
const outlines = [
  (t: string) => [`${t}的时代背景与重大意义`, '核心要义与主要内容', '国内外经验与典型案例', '推动工作落实的思路与建议'],
  (t: string) => [`把握${t}的总体要求`, '当前面临的形势与挑战', '重点任务与政策举措', '地方实践与经验启示'],
  (t: string) => ['问题的提出：为什么要关注这一主题', `${t}的理论框架`, '案例研讨：成功经验与教训', '行动方案：从认识到实践'],
]
type Course = { slug: string; title: string; category: string; teacher: string; intro: string }
const courses: Course[] = []
const courseRecords: Record<string, unknown>[] = []
const featured = new Map([
  ['新质生产力与高质量发展', 'media/featured-1.mp4'],
  ['人工智能赋能千行百业', 'media/featured-2.mp4'],
])
courseCategories.forEach((category) => {
  const pool = teachers.filter((t) => category.teachers.includes(t.category))
  category.courses.forEach((title, i) => {
    const teacher = pool[(i * 5 + courseCategories.indexOf(category)) % pool.length]
    const slug = `c-${pad(courses.length + 1)}`
    const intro = `本课程由${teacher.name}主讲，围绕“${title}”这一主题，${pick(angles)}，帮助学员${pick(goals)}。`
    courses.push({ slug, title, category: category.slug, teacher: teacher.slug, intro })
    teacher.courses.push(title)
    const outline = pick(outlines)(title.replace(/[《》“”]/g, ''))
    const video = featured.get(title) ?? ''
    courseRecords.push({
      slug,
      title,
      category: category.slug,
      teacher: teacher.slug,
      intro,
      content: [
        `<h3>课程简介</h3><p>${intro}课程内容紧扣中央精神和最新部署，注重理论与实践相结合。</p>`,
        `<h3>课程大纲</h3><ol>${outline.map((item) => `<li>${item}</li>`).join('')}</ol>`,
        `<h3>适用对象</h3><p>${category.audience}。</p>`,
        '<h3>授课形式</h3><p>专题讲座与互动研讨相结合，时长约半天（3 小时），可根据需求调整为线上直播或现场教学。</p>',
      ].join(''),
      video,
      isHot: Boolean(video) || i === 0 || (i === 5 && courseCategories.indexOf(category) < 2),
      isSelected: i === 2 || (i === 7 && courseCategories.indexOf(category) < 3),
      isFeatured: Boolean(video),
      sort: video ? 200 : between(0, 99),
      views: between(300, 28000),
      tags: [category.tags[i % category.tags.length], category.tags[(i + 2) % category.tags.length]].filter(
        (tag, k, all) => all.indexOf(tag) === k,
      ),
    })
  })
})

// ---------- teachers, now that their courses are known ----------
const teacherRecords = teachers.map((t, i) => {
  const index = teachersByCategory[t.category].findIndex((p) => p.name === t.name)
  const society = pick(societies[t.category])
  const [f1, f2, f3] = t.fields
  const courseList = t.courses.length ? t.courses : [`${f1}专题`, `${f2}前沿问题`]
  return {
    slug: t.slug,
    name: t.name,
    category: t.category,
    title: t.title,
    photo: '',
    intro: `${t.name}，${t.title}。长期从事${f1}、${f2}和${f3}研究，多次为中央和国家机关、地方党委政府及国有企业讲授专题课程。`,
    content: [
      `<h3>个人简介</h3><p>${t.name}，${degrees[t.category]}，${t.title}，兼任${society}常务理事。曾主持国家社会科学基金重大项目、国家自然科学基金项目等课题${between(6, 20)}项，多项研究成果获有关部门采纳。</p>`,
      `<h3>研究领域</h3><ul><li>${f1}</li><li>${f2}</li><li>${f3}</li></ul>`,
      `<h3>主讲课程</h3><ul>${courseList.map((c) => `<li>《${c.replace(/[《》]/g, '')}》</li>`).join('')}</ul>`,
      `<h3>学术成果</h3><p>在国内外权威期刊发表学术论文${between(40, 160)}篇，出版专著《${f1}研究》《新时代${f2}若干问题》等${between(3, 9)}部，研究成果多次获省部级优秀成果奖。</p>`,
      `<h3>授课特色</h3><p>${styles[(i + index) % styles.length]}累计授课${between(300, 1500)}余场，学员满意度保持在 95% 以上。</p>`,
    ].join(''),
    isRecommended: index < 3,
    isHot: index < 5,
    sort: 100 - index,
    views: between(800, 40000),
    tags: [
      teacherTags[t.category][index % teacherTags[t.category].length],
      teacherTags[t.category][(index + 1) % teacherTags[t.category].length],
    ],
  }
})

// ---------- teacher videos: two clips for each of the first two teachers per category ----------
const teacherVideos = teacherCategories.flatMap((category) =>
  teachers
    .filter((t) => t.category === category.slug)
    .slice(0, 2)
    .flatMap((t, k) => [
      {
        slug: `tv-${t.slug.slice(2)}-1`,
        teacher: t.slug,
        title: `${t.name}：《${(t.courses[0] ?? t.fields[0]).replace(/[《》]/g, '')}》精彩片段`,
        cover: '',
        video: k === 0 ? 'media/featured-1.mp4' : 'media/featured-2.mp4',
        intro: `节选自${t.name}主讲的专题课程，时长约 8 秒的演示片段。`,
        sort: 2,
        views: between(200, 6000),
      },
      {
        slug: `tv-${t.slug.slice(2)}-2`,
        teacher: t.slug,
        title: `名师访谈：${t.name}谈${t.fields[0]}`,
        cover: '',
        video: k === 0 ? 'media/featured-2.mp4' : 'media/featured-1.mp4',
        intro: `${t.name}围绕${t.fields[0]}的研究与教学心得接受平台专访。`,
        sort: 1,
        views: between(200, 6000),
      },
    ]),
)

// ---------- specials ----------
const specialRecords = specialCategories.flatMap((category, ci) =>
  category.specials.map((special, i) => {
    const related = courses
      .filter((c) => courseRecords.find((r) => r.slug === c.slug && (r.tags as string[]).some((tag) => special.tags.includes(tag))))
      .slice(0, 3)
    return {
      slug: `s-${pad(ci * 6 + i + 1)}`,
      title: special.title,
      category: category.slug,
      specialUrl: '',
      cover: '',
      intro: special.summary,
      content: [
        `<p>${special.summary}</p>`,
        '<h3>专题导读</h3><p>本专题汇集平台名师的专题课程、学术观点和教学资源，按照“学习理解—深入研讨—推动落实”的思路组织内容，适合各级领导干部集中学习和自主选学。</p>',
        related.length ? `<h3>推荐课程</h3><ul>${related.map((c) => `<li>《${c.title.replace(/[《》]/g, '')}》</li>`).join('')}</ul>` : '',
        '<h3>学习建议</h3><p>建议结合本地区本单位实际，以专题研讨、案例分析等形式开展学习，并将学习成果转化为推动工作的具体举措。</p>',
      ].join(''),
      isHot: i < 3,
      sort: 60 - ci * 6 - i,
      views: between(500, 16000),
      tags: special.tags,
    }
  }),
)

// ---------- notices (课程预告) ----------
const locations = [
  '北京·名师大讲堂（海淀校区）',
  '线上直播',
  '上海·浦东干部教育基地',
  '杭州·钱塘学习中心',
  '成都·天府会议中心',
  '深圳·前海培训中心',
  '武汉·东湖学术报告厅',
  '西安·曲江会议中心',
]
const noticeCourses = courses.filter((_, i) => i % 8 === 3).slice(0, 20)
const noticeRecords = noticeCourses.map((course, i) => {
  const teacher = teachers.find((t) => t.slug === course.teacher) as Teacher
  const day = new Date(Date.UTC(2026, 11, 2 + i * 4, i % 2 ? 14 : 9, i % 2 ? 30 : 0))
  const location = locations[i % locations.length]
  const when = `${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日`
  return {
    slug: `n-${pad(i + 1)}`,
    name: course.title,
    teacher: course.teacher,
    cover: '',
    introduction: [
      `<p>${teacher.name}（${teacher.title}）将于${when}在${location}讲授《${course.title.replace(/[《》]/g, '')}》。</p>`,
      `<p>${course.intro}</p>`,
      '<p>报名方式：登录平台后在课程预告页面提交报名信息，或致电客服热线 400-8888-6666 咨询。名额有限，额满为止。</p>',
    ].join(''),
    startAt: beijing(day),
    location,
    sort: 40 - i,
    views: between(100, 5000),
  }
})

// ---------- activities (教学活动) ----------
const orgs = [
  '浙江省湖州市委理论学习中心组',
  '四川省成都市直机关工委',
  '广东省深圳市南山区委',
  '江苏省苏州工业园区管委会',
  '山东省青岛市委组织部',
  '河南省郑州市委党校',
  '湖北省武汉市发展改革委',
  '贵州省遵义市委',
  '福建省厦门市国资委',
  '安徽省合肥市科技局',
  '云南省昆明市委宣传部',
  '江西省赣州市委',
  '湖南省长沙市应急管理局',
  '陕西省西安市司法局',
  '辽宁省大连市委组织部',
  '重庆市两江新区管委会',
  '天津市滨海新区区委',
  '广西壮族自治区南宁市委',
  '甘肃省兰州市委党校',
  '河北省雄安新区党工委',
]
const activityRecords = orgs.map((org, i) => {
  const teacher = teachers[(i * 7) % teachers.length]
  const topic = (teacher.courses[0] ?? `${teacher.fields[0]}专题`).replace(/[《》]/g, '')
  const day = new Date(Date.UTC(2026, Math.floor(i / 2), 6 + (i % 2) * 12, 10))
  const when = `${day.getUTCFullYear()}年${day.getUTCMonth() + 1}月${day.getUTCDate()}日`
  return {
    slug: `a-${pad(i + 1)}`,
    title: `${teacher.name}应邀为${org}作“${topic}”专题辅导`,
    teacher: teacher.slug,
    cover: '',
    intro: `${when}，${teacher.title}${teacher.name}应邀为${org}作“${topic}”专题辅导报告。`,
    content: [
      `<p>${when}，${teacher.title}${teacher.name}应邀为${org}作“${topic}”专题辅导报告，${between(80, 400)}余名干部参加学习。</p>`,
      `<p>报告中，${teacher.name}围绕${teacher.fields[0]}、${teacher.fields[1]}等方面，结合大量翔实数据和典型案例，系统阐述了这一主题的重要意义、核心内涵和实践路径，并就当地如何结合实际抓好贯彻落实提出了具体建议。</p>`,
      `<p>${teacher.name}指出，要坚持问题导向和目标导向相统一，既要看清大势、把握规律，也要立足实际、精准施策，把学习成果转化为推动高质量发展的实际成效。</p>`,
      '<p>与会人员表示，报告主题鲜明、内涵丰富，既有理论高度又有实践深度，对做好当前和今后一个时期的工作具有很强的指导意义。</p>',
    ].join(''),
    publishedAt: beijing(day),
    sort: i + 1,
    views: between(150, 6000),
  }
})

// ---------- viewpoints (学术观点) ----------
const viewpointRecords = viewpoints.map((v, i) => {
  const pool = teachers.filter((t) => t.category === v.category)
  const teacher = pool[(i * 3) % pool.length]
  const day = new Date(Date.UTC(2026, Math.floor(i / 2), 10 + (i % 2) * 10, 9))
  return {
    slug: `v-${pad(i + 1)}`,
    title: v.title,
    teacher: teacher.slug,
    cover: '',
    intro: v.lead,
    content: [
      `<p>${v.lead}</p>`,
      ...v.points.map(([head, body], k) => `<h4>${['一', '二', '三'][k]}、${head}</h4><p>${body}</p>`),
      `<p>${v.close}</p>`,
      `<p>（作者：${teacher.name}，${teacher.title}）</p>`,
    ].join(''),
    publishedAt: beijing(day),
    sort: i + 1,
    views: between(300, 9000),
  }
})

const questionRecords = questions.map(([title, answer], i) => ({
  slug: `q-${pad(i + 1)}`,
  title,
  content: `<p>${answer}</p>`,
  sort: 40 - i,
  views: between(50, 3000),
}))

// ---------- cooperation ----------
const cooperationTypes = [
  {
    id: 1,
    name: '专题培训',
    intro: '围绕党和国家重大战略部署及各单位实际需求，量身定制系统化的专题培训项目。',
    points: ['需求调研与培训方案设计', '名师师资匹配与课程组合', '现场教学与案例研讨组织', '培训效果评估与跟踪服务'],
    entries: [
      [
        '地方党政领导干部能力提升专题培训班',
        '面向市县党政领导干部，聚焦高质量发展、依法行政和应急管理，安排专题讲座、现场教学和结构化研讨。',
      ],
      ['国有企业中高层管理人员专题培训', '围绕国企改革深化提升、公司治理和党建引领，提升国有企业经营管理人员的战略管理能力。'],
      ['数字化转型专题培训', '面向政府部门和企业，系统讲授数字经济、数据要素和人工智能应用，组织数字化标杆企业参访。'],
      ['乡村振兴带头人专题培训', '面向县乡干部和村党组织书记，讲授产业振兴、乡村治理和集体经济发展，安排示范村现场教学。'],
    ],
  },
  {
    id: 2,
    name: '干部讲座',
    intro: '为各级党委（党组）理论学习中心组、机关单位和企事业单位提供高质量的专题辅导讲座。',
    points: ['理论学习中心组专题辅导', '形势政策报告会', '专题党课与党纪学习教育', '传统文化与人文素养讲座'],
    entries: [
      ['理论学习中心组专题辅导', '根据中心组年度学习计划，邀请名师围绕重大理论和现实问题作专题辅导。'],
      ['党纪学习教育专题讲座', '以案说纪、以案明纪，帮助党员干部学纪知纪明纪守纪。'],
      ['形势政策报告会', '邀请权威专家解读国内外形势和最新政策，帮助干部把握大局大势。'],
      ['传统文化大讲堂', '邀请文史名家讲授经典，提升干部人文素养，涵养为政之德。'],
    ],
  },
  {
    id: 3,
    name: '政策解读',
    intro: '组织权威专家对重大会议精神、重要政策文件和法律法规进行深入解读。',
    points: ['重大会议精神解读', '产业与区域政策解读', '法律法规解读', '定制化政策研究报告'],
    entries: [
      ['全国两会精神解读', '围绕政府工作报告和重点任务，解读经济社会发展的目标要求与政策取向。'],
      ['产业政策解读服务', '为地方政府和企业解读产业政策导向、支持措施和申报要点。'],
      ['地方发展规划解读', '帮助各地准确把握国家规划要求，做好本地规划的衔接与落实。'],
      ['新出台法律法规解读', '邀请法学专家解读新出台的法律法规，提升干部依法履职能力。'],
    ],
  },
  {
    id: 4,
    name: '战略咨询',
    intro: '依托平台专家智库，为地方政府和企业提供战略规划、产业研究和改革咨询服务。',
    points: ['区域发展战略研究', '产业规划与招商策略', '国企改革与公司治理咨询', '数字政府建设咨询'],
    entries: [
      ['区域发展战略规划咨询', '立足区域比较优势，研究提出中长期发展战略和重点突破方向。'],
      ['产业规划与招商策略咨询', '梳理产业基础，研判产业趋势，提出产业链招商和培育策略。'],
      ['国企改革咨询', '围绕国企改革深化提升行动，为企业提供改革方案设计与实施辅导。'],
      ['数字政府建设咨询', '为政府部门提供数字化转型顶层设计、数据治理和应用场景规划服务。'],
    ],
  },
  {
    id: 5,
    name: '高端会议',
    intro: '策划承办高端论坛、学术研讨会和发布会，搭建政产学研交流合作平台。',
    points: ['会议策划与议程设计', '权威嘉宾邀请', '会务组织与现场执行', '成果发布与宣传报道'],
    entries: [
      ['中国名师论坛年会', '汇聚各领域名师名家，围绕年度热点议题开展对话交流。'],
      ['新质生产力发展峰会', '邀请政府、学界和企业代表，共话新质生产力发展路径与实践。'],
      ['数字经济高峰论坛', '聚焦数据要素、人工智能和产业数字化，发布研究成果与典型案例。'],
      ['县域经济发展论坛', '交流县域经济高质量发展经验，推动县域之间合作与互鉴。'],
    ],
  },
]
const cooperationTypeRecords = cooperationTypes.map((type) => ({
  id: type.id,
  name: type.name,
  intro: type.intro,
  content: `<p>${type.intro}</p><h3>服务内容</h3><ul>${type.points.map((p) => `<li>${p}</li>`).join('')}</ul><h3>合作流程</h3><p>提交需求 → 需求沟通 → 方案设计 → 签订协议 → 组织实施 → 效果评估。</p><p>合作咨询热线：400-8888-6666。</p>`,
  cover: '',
  sort: 10 - type.id,
}))
const cooperationRecords = cooperationTypes.flatMap((type) =>
  type.entries.map(([title, intro], i) => ({
    slug: `co-${type.id}-${i + 1}`,
    type: type.id,
    title,
    cover: '',
    intro,
    content: `<p>${intro}</p><h3>项目特色</h3><ul><li>名师资源丰富，师资匹配精准</li><li>方案量身定制，注重实效</li><li>全程专业服务，组织保障有力</li></ul><h3>典型案例</h3><p>近三年已为全国 ${between(20, 120)} 家单位提供“${title}”相关服务，参训学员满意度达 96% 以上。</p>`,
    sort: 10 - i,
    views: between(100, 4000),
  })),
)

// ---------- site furniture ----------
const bannerRecords = [
  { slug: 'home-1', position: 'home', title: '汇聚名师智慧 服务干部成长', link: '/teacher', sort: 4 },
  { slug: 'home-2', position: 'home', title: '新质生产力发展专题', link: '/subject', sort: 3 },
  { slug: 'home-3', position: 'home', title: '精品课程 深度学习', link: '/course', sort: 2 },
  { slug: 'home-4', position: 'home', title: '定制专题培训 服务高质量发展', link: '/cooperation', sort: 1 },
  { slug: 'ad-1', position: 'ad', title: '2026 中国名师论坛年会报名中', link: '/cooperation', sort: 3 },
  { slug: 'ad-2', position: 'ad', title: '领导干部数字素养提升专题', link: '/subject', sort: 2 },
  { slug: 'ad-3', position: 'ad', title: '乡村振兴带头人专题培训', link: '/cooperation', sort: 1 },
  { slug: 'special-1', position: 'special', title: '学习贯彻党的二十届三中全会精神', link: '/subject', sort: 3 },
  { slug: 'special-2', position: 'special', title: '数字中国建设专题', link: '/subject', sort: 2 },
  { slug: 'special-3', position: 'special', title: '中华优秀传统文化传承发展专题', link: '/subject', sort: 1 },
].map((banner) => ({ ...banner, image: `images/banners/${banner.slug}.jpg` })) // rendered by render-banners.ts

const partnerRecords = [
  '华东干部教育研究院',
  '长江经济带发展研究中心',
  '中原企业家学院',
  '西部领导力研究会',
  '京华智库',
  '南海国际会议中心',
  '东方文化传承基金会',
  '数字中国创新联盟',
  '北方乡村振兴学院',
  '湾区公共管理研究院',
].map((name, i) => ({ slug: `p-${pad(i + 1, 2)}`, name, logo: '', link: '', sort: 10 - i }))

const linkRecords = [
  ['中国政府网', 'https://www.gov.cn'],
  ['人民网', 'http://www.people.com.cn'],
  ['新华网', 'http://www.xinhuanet.com'],
  ['求是网', 'http://www.qstheory.cn'],
  ['学习强国', 'https://www.xuexi.cn'],
  ['光明网', 'https://www.gmw.cn'],
  ['中国社会科学网', 'http://www.cssn.cn'],
  ['中国干部网络学院', 'https://www.cela.gov.cn'],
  ['国家图书馆', 'http://www.nlc.cn'],
  ['中国教育和科研计算机网', 'https://www.edu.cn'],
].map(([name, url], i) => ({ slug: `link-${pad(i + 1, 2)}`, name, url, sort: 10 - i }))

fs.mkdirSync(outDir, { recursive: true })
write(
  'teacher-categories.json',
  teacherCategories.map((c, i) => ({ slug: c.slug, name: c.name, sort: 50 - i * 10 })),
)
write('teachers.json', teacherRecords)
write('teacher-videos.json', teacherVideos)
write(
  'course-categories.json',
  courseCategories.map((c, i) => ({ slug: c.slug, name: c.name, sort: 100 - i * 10 })),
)
write('courses.json', courseRecords)
write(
  'special-categories.json',
  specialCategories.map((c, i) => ({ slug: c.slug, name: c.name, sort: 50 - i * 10 })),
)
write('specials.json', specialRecords)
write(
  'tags.json',
  tags.map((t, i) => ({ name: t.name, hotness: t.hotness, isHot: Boolean(t.isHot), sort: tags.length - i })),
)
write('banners.json', bannerRecords)
write('notices.json', noticeRecords)
write('activities.json', activityRecords)
write('viewpoints.json', viewpointRecords)
write('questions.json', questionRecords)
write('cooperation-types.json', cooperationTypeRecords)
write('cooperations.json', cooperationRecords)
write('partners.json', partnerRecords)
write('friend-links.json', linkRecords)
console.log(`teachers ${teacherRecords.length}, courses ${courseRecords.length}, specials ${specialRecords.length}`)
