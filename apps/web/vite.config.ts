import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of the
 * build, once, so the server only picks the copy the browser accepts (`@fastify/static`
 * `preCompressed`) instead of compressing on every request. A copy that is not smaller is skipped.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ov-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const bytes = readFileSync(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
          if (gzipped.length < bytes.length) writeFileSync(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  base: '/oficina_virtual/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        // Ant Design is ES modules, one per component: without this, a signed-in page fetched 50–110
        // chunks of a few KB each (≈0.3 KB of headers apiece). Small chunks are merged into the
        // chunks that import them where that cannot change what runs first.
        experimentalMinChunkSize: 20 * 1024,
      },
      treeshake: {
        // The domain package is pure data and functions; letting Rollup drop its unused modules keeps
        // zod schemas out of the anonymous landing chunk, which only needs a few constants.
        moduleSideEffects: (id) => !id.includes('/packages/domain/'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
