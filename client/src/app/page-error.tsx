import { isRouteErrorResponse, useRouteError } from 'react-router'
import { RouteError } from '../components/layout/route-error'
import NotFoundPage from './routes/not-found'

/** A page's error boundary, inside the shell: an unknown route, id or unpublished item is the not-found page. */
export function PageError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  return <RouteError />
}
