const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The contribution box is plain text: blank lines separate paragraphs and single line breaks stay
 * inside one. Everything is escaped, so typed markup shows as text (the server sanitizes anyway).
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => escapeHtml(line.trim()))
          .join('<br>')}</p>`,
    )
    .join('')
}
