// `npm run build:server`: the server and its command-line tools compiled to plain JavaScript in
// dist/app/, so production runs `node` without a TypeScript loader. Packages stay external (installed
// by `npm ci --omit=dev`); only this repository's code is bundled. dist/app sits two folders below the
// project root, like server/lib/, so code that finds the root from its own file still finds it.
import { build } from 'esbuild'
import fs from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../server/lib/database-url'

/** The operator's commands (scripts/commands.json, also read by scripts/run.mjs), and the dev server's entry. */
export const SERVER_ENTRIES: Record<string, string> = {
  ...(JSON.parse(fs.readFileSync(path.join(projectRoot, 'scripts', 'commands.json'), 'utf8')) as Record<string, string>),
  serve: 'server/serve.ts',
}

export async function buildServer(outdir = path.join(projectRoot, 'dist', 'app')) {
  fs.rmSync(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: projectRoot,
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
  })
  return outdir
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(projectRoot, 'scripts', 'build-server.ts')) {
  const outdir = await buildServer()
  console.log(`server built into ${path.relative(projectRoot, outdir)}/`)
}
