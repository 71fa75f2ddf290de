/** Where a page rendered only in the browser goes until it is (the server sends the shell around it). */
export function PagePlaceholder() {
  return <div className="page-placeholder" aria-hidden="true" />
}
