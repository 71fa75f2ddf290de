import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020', sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
})
