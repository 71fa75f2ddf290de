// How a rendered page gets its stylesheets and scripts (render-assets.ts, render-document.ts): the
// page's CSS inline so the first paint waits for no request, a disabled link per chunk stylesheet so
// the browser's loader does not fetch it again, and the template's entry link dropped once inlined.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pageAssets, type Manifest } from './render-assets'
import { documentTemplate } from './render-document'

const manifest: Manifest = {
  'src/main.tsx': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'], imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-1.js' },
  'src/app/start.tsx': { file: 'assets/start-1.js', css: ['assets/start-1.css'], imports: ['_shared.js', '_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  'src/app/routes/home.tsx': { file: 'assets/home-1.js', css: ['assets/home-1.css'], imports: ['_shared.js', '_carousel.js'] },
  '_carousel.js': { file: 'assets/carousel-1.js', css: ['assets/carousel-1.css'] },
  'src/admin/admin-app.tsx': { file: 'assets/admin-1.js', css: ['assets/admin-1.css'] },
}

const INDEX_HTML =
  '<!doctype html><html><head><title>名师网</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>'

let dist: string
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'render-assets-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'assets/index-1.css'), 'body{margin:0}')
  fs.writeFileSync(path.join(dist, 'assets/start-1.css'), '.header{height:64px}')
  fs.writeFileSync(path.join(dist, 'assets/home-1.css'), '.home{color:red}.q::after{content:"</style>"}')
  fs.writeFileSync(path.join(dist, 'assets/carousel-1.css'), '.carousel{overflow:hidden}')
  fs.writeFileSync(path.join(dist, 'assets/admin-1.css'), '.adm-app{min-height:100vh}')
})
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

const page = (assets: string) =>
  documentTemplate(INDEX_HTML)({ head: '', assets, html: '<main>首页</main>', data: '{}', dataId: 'server-data' })

describe('the stylesheets of a rendered page', () => {
  test('are inline, the entry first, and the template no longer links the entry stylesheet', () => {
    const html = page(pageAssets(manifest, dist)(['home']))

    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">')
    const entry = html.indexOf('<style data-href="/assets/index-1.css">body{margin:0}</style>')
    const home = html.indexOf('<style data-href="/assets/home-1.css">.home{color:red}')
    expect(entry).toBeGreaterThan(0)
    expect(home).toBeGreaterThan(entry)
    expect(html).toContain('<style data-href="/assets/carousel-1.css">.carousel{overflow:hidden}</style>')
    // A "</style" inside the CSS cannot end the element early.
    expect(html).toContain('content:"<\\/style>"')
  })

  test('keep a disabled link per chunk stylesheet, so the loader finds it and nothing is fetched twice', () => {
    const assets = pageAssets(manifest, dist)(['home'])

    expect(assets).toContain('<link rel="stylesheet" href="/assets/home-1.css" disabled>')
    expect(assets).toContain('<link rel="stylesheet" href="/assets/carousel-1.css" disabled>')
    expect(assets).not.toMatch(/<link[^>]*index-1\.css/)
  })

  test('never include the CSS of pages not rendered (the admin console)', () => {
    expect(page(pageAssets(manifest, dist)(['home']))).not.toContain('adm-app')
  })

  test('are linked when a file cannot be read, and the template keeps its own link', () => {
    fs.renameSync(path.join(dist, 'assets/carousel-1.css'), path.join(dist, 'assets/carousel-1.css.away'))
    try {
      const html = page(pageAssets(manifest, dist)(['home']))
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/carousel-1.css">')
      expect(html).not.toContain('data-href="/assets/carousel-1.css"')
    } finally {
      fs.renameSync(path.join(dist, 'assets/carousel-1.css.away'), path.join(dist, 'assets/carousel-1.css'))
    }
  })

  test('are linked as before without the build folder', () => {
    const html = page(pageAssets(manifest)(['home']))

    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css">')
    expect(html).not.toContain('<style')
  })
})

test("the app's and the page's modules are listed for the entry to preload after the first paint, none fetched from the head", () => {
  const assets = pageAssets(manifest, dist)(['home'])

  const listed = /<script type="application\/json" id="page-modules">(.*?)<\/script>/.exec(assets)
  expect(JSON.parse(listed![1])).toEqual(['/assets/start-1.js', '/assets/react-1.js', '/assets/home-1.js', '/assets/carousel-1.js'])
  // The entry's own imports come with the entry; nothing is preloaded before the page is painted.
  expect(assets).not.toContain('shared-1.js')
  expect(assets).not.toContain('modulepreload')
})

test("the app's stylesheet is inline on every page, with its disabled link", () => {
  const assets = pageAssets(manifest, dist)(['home'])

  expect(assets).toContain('<style data-href="/assets/start-1.css">.header{height:64px}</style>')
  expect(assets).toContain('<link rel="stylesheet" href="/assets/start-1.css" disabled>')
})
