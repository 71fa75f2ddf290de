import { lazy, Suspense, type ComponentProps } from 'react'

// antd's Result draws its 403, 404 and 500 pictures as inline SVG (~9 KB gzip together), which the
// console's first load would carry for pages few people see; they load when one is shown.
const Result = lazy(() => import('antd/es/result'))

/** antd's Result, loaded when first shown. */
export function AdminResult(props: ComponentProps<typeof Result>) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  )
}
