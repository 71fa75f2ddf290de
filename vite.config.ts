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

// `vite build` builds both environments (builder: {}): the browser bundle with a manifest of each
// page chunk's scripts and stylesheets, then the server render's entry (client/src/entry-server.tsx).
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), ssrBesideClient()],
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
