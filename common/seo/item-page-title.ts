// The <title> of one item's page, which the server-rendered head and the console's search-result
// preview both show: the item's own SEO title when staff gave one, else its name and the site's.

export function itemPageTitle(seoTitle: string | null | undefined, name: string | null | undefined, siteName: string): string {
  const own = seoTitle?.trim()
  if (own) return own
  const named = name?.trim()
  return named ? `${named} — ${siteName}` : siteName
}
