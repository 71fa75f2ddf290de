import { createBrowserRouter, type RouteObject } from 'react-router'
import { RootLayout } from '../components/layout/root-layout'
import { RouteError } from '../components/layout/route-error'

// Every page is its own chunk so the home route ships only what it needs.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default })

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: 'teacher', lazy: page(() => import('./routes/teacher-list')) },
      { path: 'teacher/:cid', lazy: page(() => import('./routes/teacher-list')) },
      { path: 'teacher/detail/:id', lazy: page(() => import('./routes/teacher-detail')) },
      { path: 'teacher/video/:id', lazy: page(() => import('./routes/teacher-video')) },
      { path: 'course', lazy: page(() => import('./routes/course-list')) },
      { path: 'course/:cid', lazy: page(() => import('./routes/course-list')) },
      { path: 'course/detail/:id', lazy: page(() => import('./routes/course-detail')) },
      { path: 'subject', lazy: page(() => import('./routes/subject-list')) },
      { path: 'subject/:cid', lazy: page(() => import('./routes/subject-list')) },
      { path: 'subject/detail/:id', lazy: page(() => import('./routes/subject-detail')) },
      { path: 'cooperation', lazy: page(() => import('./routes/cooperation')) },
      { path: 'cooperation/detail/:a', lazy: page(() => import('./routes/cooperation-detail')) },
      { path: 'user', lazy: page(() => import('./routes/user-center')) },
      { path: 'about', lazy: page(() => import('./routes/about')) },
      { path: 'login', lazy: page(() => import('./routes/login')) },
      { path: 'register', lazy: page(() => import('./routes/register')) },
      { path: 'forget', lazy: page(() => import('./routes/find-password')) },
      { path: 'search', lazy: page(() => import('./routes/search')) },
      { path: 'notice', lazy: page(() => import('./routes/notice-list')) },
      { path: 'notice/detail/:id', lazy: page(() => import('./routes/notice-detail')) },
      { path: 'schooling', lazy: page(() => import('./routes/schooling-list')) },
      { path: 'schooling/detail/:id', lazy: page(() => import('./routes/schooling-detail')) },
      { path: 'article', lazy: page(() => import('./routes/article-list')) },
      { path: 'article/detail/:id', lazy: page(() => import('./routes/article-detail')) },
      { path: 'question', lazy: page(() => import('./routes/question-list')) },
      { path: 'question/detail/:id', lazy: page(() => import('./routes/question-detail')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
]

export const createAppRouter = () => createBrowserRouter(routes)
