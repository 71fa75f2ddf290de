import { paths } from '../../config/paths'

/** 教学活动 (activity, /schooling) and 学术观点 (viewpoint, /article) share one reply shape (common/api/article.ts). */
export type ArticleKind = 'activity' | 'viewpoint'

/** Labels and routes of the two article kinds: 教学活动 at /schooling, 学术观点 at /article. */
export const ARTICLE_KINDS: Record<
  ArticleKind,
  { label: string; subtitle: string; menu: string; listPath: string; detailPath: (id: number) => string }
> = {
  activity: {
    label: '教学活动',
    subtitle: '名师授课、调研与交流活动纪实',
    menu: 'schooling',
    listPath: paths.activity,
    detailPath: paths.activityDetail,
  },
  viewpoint: {
    label: '学术观点',
    subtitle: '名师学者的研究成果与理论观点',
    menu: 'article',
    listPath: paths.viewpoint,
    detailPath: paths.viewpointDetail,
  },
}
