import { Link, useSearchParams } from 'react-router'
import { ContentPage } from '../../components/content/content-page'
import { ListResult } from '../../components/content/list-result'
import { PageBanner } from '../../components/layout/page-banner'
import { usePageMeta } from '../../components/layout/use-page-meta'
import { EmptyState, ErrorState, PageSpinner } from '../../components/ui/states'
import { useHotTags } from '../../features/index/api/get-hot-tags'
import { searchQuery, useSearch, type SearchParams } from '../../features/search/api/search'
import { SearchBox } from '../../features/search/components/search-box'
import { SearchHitRow } from '../../features/search/components/search-hit'
import type { SearchHit } from '../../../../common/api/search'
import { useScrollMemory } from '../../lib/scroll-memory'
import { parseSearchQuery, searchPath, type SearchQuery, type SearchType } from '../../lib/search-params'
import { parsePositiveInt, usePageParam } from '../../lib/use-page-param'
import '../../features/search/components/search.css'
import type { PageLoader } from '../page-data'

const PAGE_SIZE = 10
/** How many hits of each kind the grouped "all" view previews. */
const GROUP_SIZE = { teacher: 4, course: 5, special: 4 } as const
const TABS: { type: SearchType; label: string }[] = [
  { type: 'all', label: '全部' },
  { type: 'teacher', label: '名师' },
  { type: 'course', label: '课程' },
  { type: 'special', label: '专题' },
]
/** ?q= as the page reads it: the server takes a keyword or a label, never both; a label (from a tag link) wins. */
function readQuery(raw: string | null): SearchQuery | null {
  const parsed = parseSearchQuery(raw)
  return parsed && (parsed.label ? { type: parsed.type, label: parsed.label } : { type: parsed.type, keyWord: parsed.keyWord })
}

/** The "all" view's previews, one per kind. */
const groupParams = (query: SearchQuery, type: keyof typeof GROUP_SIZE): SearchParams => ({
  ...query,
  type,
  page: 1,
  limit: GROUP_SIZE[type],
})

export const loader: PageLoader = ({ url, queries }) => {
  const query = readQuery(url.searchParams.get('q'))
  // Without a query the page offers the header's hot tags, which the shell loads anyway.
  if (!query) return Promise.resolve()
  if (query.type === 'all')
    return queries.prefetch(...(['teacher', 'course', 'special'] as const).map((type) => searchQuery(groupParams(query, type))))
  return queries.prefetch(searchQuery({ ...query, page: parsePositiveInt(url.searchParams.get('page')), limit: PAGE_SIZE }))
}

const GROUPS = [
  { type: 'teacher', label: '相关名师', unit: '位' },
  { type: 'course', label: '相关课程', unit: '门' },
  { type: 'special', label: '相关专题', unit: '个' },
] as const

export default function SearchPage() {
  const [search] = useSearchParams()
  const rawQuery = search.get('q')
  const query = readQuery(rawQuery)
  const term = query?.label ?? query?.keyWord
  usePageMeta({ menu: 'search', title: term ? `${query?.label ? '标签' : '搜索'}：${term}` : undefined })

  return (
    <>
      <PageBanner title="搜索结果" subtitle="在名师、课程与专题中查找" crumbs={[{ label: '搜索' }]} />
      <ContentPage>
        <SearchBox key={rawQuery ?? ''} initialKeyword={query?.keyWord ?? ''} initialType={query?.type ?? 'all'} />
        {query ? <Results query={query} /> : <SearchPrompt />}
      </ContentPage>
    </>
  )
}

function Results({ query }: { query: SearchQuery }) {
  return (
    <>
      <nav aria-label="搜索范围">
        <ul className="search-tabs">
          {TABS.map((tab) => (
            <li key={tab.type}>
              <Link to={searchPath({ ...query, type: tab.type })} aria-current={tab.type === query.type ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {query.type === 'all' ? <GroupedResults query={query} /> : <TypeResults query={query} />}
    </>
  )
}

function Summary({ query, total, isCapped }: { query: SearchQuery; total?: number; isCapped?: boolean }) {
  return (
    <p className="search-summary" aria-live="polite">
      {query.label ? (
        <span className="search-summary__label">标签：{query.label}</span>
      ) : (
        <>
          关键词“<strong>{query.keyWord}</strong>”
        </>
      )}
      {total !== undefined && (
        <>
          {' '}
          共找到 <strong>{isCapped ? `${total}+` : total}</strong> 条结果
        </>
      )}
    </p>
  )
}

/** type 'all': three previews, one per kind, each linking to its full tab. */
function GroupedResults({ query }: { query: SearchQuery }) {
  const teacher = useSearch(groupParams(query, 'teacher'))
  const course = useSearch(groupParams(query, 'course'))
  const special = useSearch(groupParams(query, 'special'))
  const results = { teacher, course, special }
  const all = [teacher, course, special]
  useScrollMemory(all.every((result) => result.isSuccess && !result.isPlaceholderData))

  if (all.some((result) => result.isPending)) return <PageSpinner label="正在搜索…" />
  const failed = all.find((result) => result.isError)
  if (failed) return <ErrorState message={failed.error?.message ?? '搜索失败'} onRetry={() => all.forEach((result) => result.refetch())} />
  const total = all.reduce((sum, result) => sum + (result.data?.total ?? 0), 0)
  return (
    <>
      <Summary query={query} total={total} isCapped={all.some((result) => result.data?.isCapped)} />
      {total === 0 ? (
        <EmptyState text="没有找到相关内容，换个关键词试试" />
      ) : (
        GROUPS.map((group) => {
          const data = results[group.type].data
          if (!data || data.total === 0) return null
          return (
            <section key={group.type} className="search-group card" aria-label={group.label}>
              <div className="list-head">
                <h2>{group.label}</h2>
                {data.total > data.list.length ? (
                  <Link to={searchPath({ ...query, type: group.type })}>
                    查看全部 {data.isCapped ? `${data.total}+` : data.total} {group.unit} ›
                  </Link>
                ) : (
                  <span className="list-head__count">
                    共 {data.total} {group.unit}
                  </span>
                )}
              </div>
              <HitList hits={data.list} keyword={query.keyWord} />
            </section>
          )
        })
      )}
    </>
  )
}

function TypeResults({ query }: { query: SearchQuery }) {
  const [page, setPage] = usePageParam()
  const result = useSearch({ ...query, page, limit: PAGE_SIZE })
  useScrollMemory(result.isSuccess && !result.isPlaceholderData)
  return (
    <>
      <Summary query={query} total={result.data?.total} isCapped={result.data?.isCapped} />
      <ListResult query={result} emptyText="没有找到相关内容，换个关键词试试" onPageChange={setPage}>
        {(list) => (
          <div className="search-results card">
            <HitList hits={list} keyword={query.keyWord} />
          </div>
        )}
      </ListResult>
    </>
  )
}

function HitList({ hits, keyword }: { hits: SearchHit[]; keyword?: string }) {
  return (
    <>
      {hits.map((hit) => (
        <SearchHitRow key={`${hit.type}-${hit.id}`} hit={hit} keyword={keyword} />
      ))}
    </>
  )
}

/** No usable query (?q missing, empty or malformed): invite a search instead of showing an error. */
function SearchPrompt() {
  const hotTags = useHotTags()
  return (
    <div className="search-prompt card">
      <h2>请输入关键词开始搜索</h2>
      <p>可搜索名师姓名、课程名称或专题标题，也可以试试下面的热门标签。</p>
      {hotTags.data && hotTags.data.length > 0 && (
        <ul className="tag-list" aria-label="热门标签">
          {hotTags.data.map((tag) => (
            <li key={tag.id}>
              <Link to={searchPath({ type: 'all', label: tag.name })}>{tag.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
