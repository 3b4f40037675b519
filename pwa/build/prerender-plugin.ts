import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type PluginOption, type ResolvedConfig } from 'vite';

/** A public screen rendered at build time. */
export interface PrerenderedScreen {
  /** the URL path it answers, e.g. '/how-it-works' */
  path: string;
  /** the screen's lazy module, as the Vite manifest names it (its chunks are preloaded) */
  module: string;
  /** the document title the screen sets once running (usePageTitle) */
  title: string;
  /**
   * API answers the screen asks for at once: fetched from the HTML, in parallel with the scripts,
   * so the data is there when the app starts. Each must be exactly the URL the app requests.
   */
  data?: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Where a prerendered screen goes, under dist/prerendered/ (command-api/src/plugins/pwa-static.ts serves it). */
export const prerenderedFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '-')}.html`);

/** A module's chunk and everything it imports statically. */
function chunkClosure(manifest: Manifest, key: string): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k)) return;
    seen.set(k, chunk);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...seen.values()];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The built shell with a screen's markup in #root, its antd styles, title and chunk preloads.
 * Its style sheets are inlined, so nothing blocks the first paint but the page itself: the
 * shell's own (<link rel=stylesheet> → <style>) and the screen chunk's, which also stay listed as
 * a disabled <link> — never fetched, but there for Vite's loader, which then does not fetch them
 * again when the app imports the screen.
 */
export function pageOf(
  shell: string,
  screen: PrerenderedScreen,
  rendered: { html: string; styles: string },
  manifest: Manifest,
  readAsset: (file: string) => string,
): string {
  const screenChunks = chunkClosure(manifest, screen.module);
  if (screenChunks.length === 0) throw new Error(`prerender: ${screen.module} is not in the Vite manifest`);
  // The shell already loads the entry and preloads the app (preloadApp).
  const preloads = screenChunks.filter((c) => !shell.includes(`/${c.file}"`)).map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`);
  const screenCss = [...new Set(screenChunks.flatMap((c) => c.css ?? []))].filter((f) => !shell.includes(f));
  // As the app's fetch asks (mode cors, credentials include), so the app's request takes this answer.
  const data = (screen.data ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url).replace(/"/g, '&quot;')}">`);
  const styles = screenCss.map((f) => `<style>${readAsset(f)}</style><link rel="stylesheet" crossorigin href="/${f}" disabled>`);
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</head>')) throw new Error('prerender: the built index.html has no empty #root or no </head>');
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(screen.title)}</title>`)
    .replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (_, file: string) => `<style>${readAsset(file)}</style>`)
    .replace('</head>', `${[...data, ...preloads, ...styles, rendered.styles].join('\n')}\n</head>`)
    .replace(root, `<div id="root" data-prerendered="${screen.path}">${rendered.html}</div>`);
}

function writeCompressed(file: string, text: string) {
  const bytes = Buffer.from(text);
  writeFileSync(file, bytes);
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
}

/**
 * The entry (src/main.tsx) imports the app's chunk dynamically, so Vite's index.html names only
 * the entry; this adds a modulepreload of the app chunk and its static imports to the shell, so
 * they download at once, in parallel with the entry, on every page.
 */
export function preloadApp({ module }: { module: string }): Plugin {
  return {
    name: 'kainga:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
        if (!app) throw new Error(`preloadApp: no chunk for ${module}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          chunks.find((c) => c.fileName === file)?.imports.forEach(visit);
        };
        visit(app.fileName);
        const entryFiles = new Set(ctx.chunk ? [ctx.chunk.fileName, ...ctx.chunk.imports] : []);
        return [...files]
          .filter((f) => !entryFiles.has(f))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * After the browser build: builds src/prerender/render.tsx for Node (a second, SSR build into a
 * temporary folder under node_modules/.cache), renders each screen, and writes dist/prerendered/<screen>.html with its .br
 * and .gz copies; also precompresses the shell, dist/index.html. The service worker does not
 * precache the prerendered pages (workbox globIgnores): offline and on later visits every
 * navigation gets the shell, and the app renders from its cached scripts.
 */
export function prerender({ screens, ssrPlugins }: { screens: PrerenderedScreen[]; ssrPlugins: PluginOption[] }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kainga:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the project, so the Node build resolves its packages from node_modules.
      const cacheDir = join(config.root, 'node_modules/.cache');
      mkdirSync(cacheDir, { recursive: true });
      const ssrOut = mkdtempSync(join(cacheDir, 'kainga-prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: ssrPlugins,
          build: { ssr: 'src/prerender/render.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false, minify: false },
        });
        const { renderScreen } = (await import(pathToFileURL(join(ssrOut, 'render.js')).href)) as {
          renderScreen: (path: string) => Promise<{ html: string; styles: string }>;
        };
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        mkdirSync(join(outDir, 'prerendered'), { recursive: true });
        for (const screen of screens) {
          const page = pageOf(shell, screen, await renderScreen(screen.path), manifest, (file) => readFileSync(join(outDir, file), 'utf8'));
          writeCompressed(join(outDir, 'prerendered', prerenderedFile(screen.path)), page);
        }
        writeCompressed(join(outDir, 'index.html'), shell);
        config.logger.info(`prerendered ${screens.map((s) => s.path).join(', ')} into ${join(config.build.outDir, 'prerendered')}`);
      } finally {
        rmSync(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
