import type { ComponentType } from 'react'
import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import { PagePlaceholder } from '../components/layout/page-placeholder'
import { RootLayout } from '../components/layout/root-layout'
import { RouteError } from '../components/layout/route-error'
import { useHydrated } from '../lib/hydration'
import { ADMIN_PATH } from './console-path'
import { layoutLoader } from './layout-data'
import { PageQueries, type PageLoader } from './page-data'
import { PageError } from './page-error'
import NotFoundPage, { loader as notFoundLoader } from './routes/not-found'

type PageModule = { default: ComponentType; loader?: PageLoader }

// Every page is its own chunk so the home route ships only what it needs; the chunk's name is the
// page's file name, which is how the server finds its stylesheets (server/http/render-assets.ts).
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx', '!./routes/not-found.tsx'])

/**
 * `browser`: the hooks fetch, so routes carry no loaders (lists stay kept, details fresh). `server`:
 * each page's loader fills the render's query cache first (entry-server.tsx).
 */
export type RenderMode = 'browser' | 'server'

export type RouteHandle = {
  /** The page's module under app/routes/, for its stylesheets and scripts. */
  page?: string
  /** Rendered in the browser only (the signed-in user centre, the sign-in forms): the server sends the shell around it. */
  isShellOnly?: boolean
  /** Not rendered on the server at all: the staff console answers the bare index.html. */
  isBrowserOnly?: boolean
}

/** What the server render passes every loader (StaticHandler.query's requestContext). */
export type RenderContext = { queries: PageQueries }

type PageSpec = { path?: string; page: string; isShellOnly?: boolean }

const PAGES: PageSpec[] = [
  { page: 'home' },
  { path: 'teacher', page: 'teacher-list' },
  { path: 'teacher/:cid', page: 'teacher-list' },
  { path: 'teacher/detail/:id', page: 'teacher-detail' },
  { path: 'teacher/video/:id', page: 'teacher-video' },
  { path: 'course', page: 'course-list' },
  { path: 'course/:cid', page: 'course-list' },
  { path: 'course/detail/:id', page: 'course-detail' },
  { path: 'subject', page: 'special-list' },
  { path: 'subject/:cid', page: 'special-list' },
  { path: 'subject/detail/:id', page: 'special-detail' },
  { path: 'cooperation', page: 'cooperation' },
  { path: 'cooperation/detail/:a', page: 'cooperation-detail' },
  { path: 'booking', page: 'booking' },
  { path: 'booking/lookup', page: 'booking-lookup' },
  { path: 'user', page: 'user-center', isShellOnly: true },
  { path: 'about', page: 'about' },
  { path: 'login', page: 'login', isShellOnly: true },
  { path: 'register', page: 'register', isShellOnly: true },
  { path: 'forget', page: 'find-password', isShellOnly: true },
  { path: 'admin/setup', page: 'admin-setup', isShellOnly: true },
  { path: 'search', page: 'search' },
  { path: 'notice', page: 'notice-list' },
  { path: 'notice/detail/:id', page: 'notice-detail' },
  { path: 'schooling', page: 'activity-list' },
  { path: 'schooling/detail/:id', page: 'activity-detail' },
  { path: 'article', page: 'viewpoint-list' },
  { path: 'article/detail/:id', page: 'viewpoint-detail' },
  { path: 'question', page: 'question-list' },
  { path: 'question/detail/:id', page: 'question-detail' },
]

/** A page loader as React Router calls it on the server. */
const serverLoader =
  (loader: PageLoader) =>
  async ({ params, request, context }: LoaderFunctionArgs) => {
    await loader({ params, url: new URL(request.url), queries: (context as unknown as RenderContext).queries })
    return null
  }

/** Renders the placeholder the server sent until the browser has taken over, then the page. */
function shellOnly(Page: ComponentType): ComponentType {
  return function ShellOnlyPage() {
    return useHydrated() ? <Page /> : <PagePlaceholder />
  }
}

function pageRoute(spec: PageSpec, mode: RenderMode): RouteObject {
  const load = pageModules[`./routes/${spec.page}.tsx`]
  if (!load) throw new Error(`app/routes/${spec.page}.tsx is missing`)
  const handle: RouteHandle = { page: spec.page, isShellOnly: spec.isShellOnly }
  const route = {
    id: spec.path ?? 'home',
    handle,
    errorElement: <PageError />,
    ...(spec.path ? { path: spec.path } : { index: true as const }),
  }
  if (spec.isShellOnly && mode === 'server') return { ...route, Component: PagePlaceholder }
  return {
    ...route,
    lazy: async () => {
      const module = await load()
      if (spec.isShellOnly) return { Component: shellOnly(module.default) }
      if (mode === 'server' && module.loader) return { Component: module.default, loader: serverLoader(module.loader) }
      return { Component: module.default }
    },
  }
}

/** Every route of spec §2 inside the shell, plus the not-found page (a 404 on the server). */
export function createRoutes(mode: RenderMode): RouteObject[] {
  const notFound: RouteObject = { id: '*', path: '*', Component: NotFoundPage, errorElement: <PageError /> }
  return [
    {
      id: 'layout',
      element: <RootLayout />,
      errorElement: <RouteError />,
      ...(mode === 'server' ? { loader: serverLoader(layoutLoader) } : {}),
      children: [
        ...PAGES.map((spec) => pageRoute(spec, mode)),
        mode === 'server' ? { ...notFound, loader: serverLoader(notFoundLoader) } : notFound,
      ],
    },
    ...(mode === 'server' ? [{ id: 'admin', path: ADMIN_PATH, handle: { isBrowserOnly: true } satisfies RouteHandle }] : []),
  ]
}
