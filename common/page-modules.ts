/**
 * The id of the <script type="application/json"> in a server-rendered page's head listing the
 * JavaScript modules the page needs: the server writes it (server/http/render-assets.ts) instead of
 * preloading them from the head, and the browser entry (client/src/main.tsx) preloads them once the
 * page has been painted.
 */
export const PAGE_MODULES_ID = 'page-modules'
