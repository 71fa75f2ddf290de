import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/** Where the server render's bundle goes, relative to the client build (server/http/render.ts reads it there). */
export const SSR_DIR = '.ssr'

/**
 * The server render's bundle goes inside the client build, in a dot folder the static server never
 * serves (like Vite's own .vite/manifest.json), so every `--outDir` a script passes carries both.
 */
function ssrBesideClient(): Plugin {
  let clientOutDir = 'dist'
  return {
    name: 'ssr-beside-client',
    config(config) {
      clientOutDir = config.build?.outDir ?? clientOutDir
    },
    configEnvironment(name) {
      if (name === 'ssr') return { build: { outDir: path.join(clientOutDir, SSR_DIR), emptyOutDir: true, copyPublicDir: false } }
    },
  }
}

/**
 * antd's form context (imported by its inputs, menus, modals and tooltips, hence by every console
 * page) takes one component from @rc-component/form's index, whose module code attaches every part of
 * the form library to its default export, so the whole library and its validator came along
 * (~20 KB gzip). The component is imported from its own module instead: the same module the index
 * re-exports, so forms are unchanged, and pages with a form load the rest.
 */
function antdFormContextDirect(): Plugin {
  const file = /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/
  const from = "import { FormProvider as RcFormProvider } from '@rc-component/form';"
  return {
    name: 'antd-form-context-direct',
    transform: {
      filter: { id: file },
      handler(code, id) {
        if (!code.includes(from)) this.error(`${id} no longer imports @rc-component/form as expected: check this plugin`)
        return {
          code: code.replace(from, "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';"),
          map: null,
        }
      },
    },
  }
}

// `vite build` builds both environments (builder: {}): the browser bundle with a manifest of each
// page chunk's scripts and stylesheets, then the server render's entry (client/src/entry-server.tsx).
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), ssrBesideClient(), antdFormContextDirect()],
  builder: {},
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', sourcemap: false },
  environments: {
    client: { build: { manifest: true } },
    // One self-contained file (dependencies bundled in, no chunks): it runs from wherever the build
    // is, temporary test and measurement builds included, and a rebuild loads as one new module.
    ssr: {
      resolve: { noExternal: true },
      build: { target: 'node20', rolldownOptions: { input: 'src/entry-server.tsx', output: { codeSplitting: false } } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
})
