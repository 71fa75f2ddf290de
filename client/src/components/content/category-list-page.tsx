import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useScrollMemory } from '../../lib/scroll-memory'
import type { Paged } from '../../lib/use-page-param'
import { PageBanner } from '../layout/page-banner'
import { usePageMeta } from '../layout/use-page-meta'
import { CategoryTabs } from './category-tabs'
import { ContentPage } from './content-page'
import { MissingContent } from './detail-states'
import { TitledList } from './titled-list'

type Category = { id: number; name: string }

type Props<T extends { id: number }> = {
  /** What useCategoryRoute (features/index) answers for the page's route. */
  route: {
    cid?: number
    categories: { data?: Category[] }
    category?: Category
    isUnknownCategory: boolean
    setPage: (page: number) => void
  }
  query: UseQueryResult<Paged<T>>
  /** Menu key of the page's SEO row. */
  menu: string
  title: string
  subtitle: string
  /** What the list holds (课程), and its measure word (门). */
  noun: string
  unit: string
  listPath: (cid?: number) => string
  categoryHeading?: (name: string) => string
  gridClassName: string
  renderItem: (item: T) => ReactNode
}

/** Teachers, courses or topics filtered by the category in the URL (/teacher/{cid} ...), paged. */
export function CategoryListPage<T extends { id: number }>({
  route,
  query,
  menu,
  title,
  subtitle,
  noun,
  unit,
  listPath,
  categoryHeading = (name) => name,
  gridClassName,
  renderItem,
}: Props<T>) {
  const { cid, categories, category, isUnknownCategory, setPage } = route
  useScrollMemory(query.isSuccess && !query.isPlaceholderData)
  usePageMeta({ menu, title: category ? `${category.name}${noun}` : undefined })

  return (
    <>
      <PageBanner
        title={title}
        subtitle={subtitle}
        crumbs={[{ label: noun, to: category ? listPath() : undefined }, ...(category ? [{ label: category.name }] : [])]}
      />
      <ContentPage>
        <CategoryTabs label={`${noun}分类`} items={categories.data ?? []} activeId={cid} hrefFor={listPath} />
        {isUnknownCategory ? (
          <MissingContent title={`该${noun}分类不存在`} backTo={listPath()} backLabel={`查看全部${noun}`} />
        ) : (
          <TitledList
            heading={category ? categoryHeading(category.name) : `全部${noun}`}
            countText={(total) => `共 ${total} ${unit}${noun}`}
            query={query}
            emptyText={`该分类下暂无${noun}`}
            onPageChange={setPage}
            listClassName={`card-grid ${gridClassName}`}
            renderItem={renderItem}
          />
        )}
      </ContentPage>
    </>
  )
}
