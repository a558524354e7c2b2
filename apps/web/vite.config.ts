import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// In development the API runs on its own port; the browser still sees one origin through this proxy.
// Note: no changeOrigin, so the Host header keeps matching the Origin header the server checks.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Brotli and gzip copies of every text file of the build, made once here so the server only picks
 * one (docs/rules.md#daily-use: a weak signal gets the app compressed). A copy is kept only when it
 * is smaller than the file.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'os-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
        for (const file of walk(outDir).filter((f) => /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(f))) {
          const data = fs.readFileSync(file);
          if (data.length < 1024) continue;
          const br = zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          });
          const gz = zlib.gzipSync(data, { level: 9 });
          if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
          if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

/**
 * The JavaScript the service worker installs on the first visit (docs/rules.md#offline-sync): the
 * app's entry with everything it imports, also lazily (the confirm and message dialogs, the toasts:
 * 'Sair' offline with pending entries must draw its warning), and every screen a technician can open
 * (FIELD_SCREENS, with everything they import, also lazily). The office's and the portal's screens
 * are cached when first visited; offline and never visited, they say they need a connection.
 */
const FIELD_SCREENS = [
  /app[\\/]layout\.tsx$/,
  /routes[\\/]home-page\.tsx$/,
  /routes[\\/]not-found-page\.tsx$/,
  /routes[\\/]service-orders-route\.tsx$/,
  /routes[\\/]orders-route\.tsx$/,
  /routes[\\/]equipment-route\.tsx$/,
  /clients-page\.tsx$/,
  /expense-types-page\.tsx$/,
  /equipment-page\.tsx$/,
  // The technician's vehicle and its count (docs/screens.md#meu-estoque).
  /my-stock-page\.tsx$/,
];
/** The first cycle of static imports between the bundle's chunks, or null. */
function chunkCycle(byName: Map<string, { imports: string[] }>): string[] | null {
  const done = new Set<string>();
  const visit = (name: string, path: string[]): string[] | null => {
    if (path.includes(name)) return [...path.slice(path.indexOf(name)), name];
    if (done.has(name)) return null;
    for (const next of byName.get(name)?.imports ?? []) {
      const found = visit(next, [...path, name]);
      if (found) return found;
    }
    done.add(name);
    return null;
  };
  for (const name of byName.keys()) {
    const found = visit(name, []);
    if (found) return found;
  }
  return null;
}

function fieldChunks() {
  const keep = new Set<string>();
  const plugin: Plugin = {
    name: 'os-field-chunks',
    apply: 'build',
    buildStart() {
      signedIn.reset();
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      // The screens of the router (its lazy imports): only the technician's are followed from the entry.
      const routerId = [...this.getModuleIds()].find((id) => /app[\\/]router\.tsx$/.test(id));
      const screens = new Set(routerId ? this.getModuleInfo(routerId)?.dynamicallyImportedIds : []);
      const add = (fileName: string) => {
        // pdf.js draws a PDF on a phone, which needs the network anyway: fetched when first used.
        if (keep.has(fileName) || fileName.includes('pdf-canvas-pages')) return;
        const chunk = byName.get(fileName);
        if (!chunk) return;
        const screen = chunk.facadeModuleId ?? '';
        if (screens.has(screen) && !FIELD_SCREENS.some((re) => re.test(screen))) return;
        keep.add(fileName);
        for (const i of chunk.imports) add(i);
        for (const i of chunk.dynamicImports) add(i);
      };
      for (const c of chunks) if (c.isEntry) add(c.fileName);
      const first = chunks.find((c) => c.name === 'field');
      const tools = chunks.find((c) => c.name === 'field-tools');
      if (first && tools && first.imports.includes(tools.fileName)) {
        // The first card would wait for every form and schema (FIRST_CARD_ROOTS): say which import brings them.
        const inTools = new Set(tools.moduleIds);
        const shown = (id: string) => path.relative(path.resolve(import.meta.dirname, '../..'), id);
        const culprits = first.moduleIds
          .filter((id) => !/[\\/]shared[\\/]src[\\/]index\.ts$/.test(id))
          .flatMap((id) =>
            (this.getModuleInfo(id)?.importedIds ?? []).filter((i) => inTools.has(i)).map((i) => `${shown(id)} → ${shown(i)}`),
          );
        this.error(`O primeiro cartão ('field') importa 'field-tools': ${culprits.join(', ') || '(pelo índice de @os/shared)'}`);
      }
      const cycle = chunkCycle(byName);
      // A chunk that imports one that imports it back reads the other's exports before they exist: the
      // screen fails to draw ('Algo deu errado'). The build refuses it instead.
      if (cycle) this.error(`Ciclo de importação entre chunks: ${cycle.join(' → ')}`);
    },
  };
  return { plugin, keep };
}
const field = fieldChunks();

/**
 * Asks for the 'field' chunk (the first card's code) in index.html itself, beside the entry and React
 * (<link rel="modulepreload">), instead of after the entry ran: the service worker's copy of the page, which
 * opens every screen once it is installed, asks for it too, from the precache. The meta tag names the
 * chunk, so the server takes the link out of the page of the screens before sign-in
 * (apps/server/src/platform/web-app.ts): their JavaScript never needs it.
 */
function fieldPreloadHint(): Plugin {
  return {
    name: 'os-field-preload-hint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'field');
        if (!chunk) return [];
        const href = `/${chunk.fileName}`;
        return [
          { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head-prepend' },
          { tag: 'meta', attrs: { name: 'os-field-code', content: href }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

/** The signed-in code (see codeSplitting below): the 'field' chunk and, after the first card, 'field-tools'. */
const FIELD_CODE = new RegExp(
  [
    String.raw`[\\/]src[\\/](components|lib)[\\/]`,
    String.raw`[\\/]src[\\/]features[\\/](timesheet|expenses|equipment)[\\/]`,
    // The job card's 'Checklist' and its pieces; the templates screen and the readings' charts stay apart.
    String.raw`[\\/]src[\\/]features[\\/]checklists[\\/](api[\\/]|components[\\/](checklist-|result-badge))`,
    // The job card's 'Materiais' (docs/screens.md#order-card-modals), not the office's stock screens.
    String.raw`[\\/]src[\\/]features[\\/]materials[\\/](api[\\/](materials|order-materials)|components[\\/](order-material|material-picker|planned-materials))`,
    // The side menu's count of new requests.
    String.raw`[\\/]src[\\/]features[\\/]requests[\\/]api[\\/]`,
    // The read of one order /service-orders makes (a chunk of its own would import the field chunk back).
    String.raw`[\\/]src[\\/]features[\\/]orders[\\/]api[\\/]orders\.ts$`,
    // The job list's calls of the orders feature (its other code stays with the office's screens).
    String.raw`[\\/]src[\\/]features[\\/]orders[\\/]api[\\/]field-calls\.ts$`,
    // The planned materials of the order's quote, shown in the job card's 'Materiais' (docs/rules.md#quotes).
    String.raw`[\\/]src[\\/]features[\\/]orders[\\/]api[\\/]order-quote\.ts$`,
    // The client's photos in the job's 'Visualizar' (same reason).
    String.raw`[\\/]src[\\/]features[\\/]orders[\\/](api|components)[\\/]order-client-photos\.tsx?$`,
    String.raw`[\\/]src[\\/]app[\\/](layout|mobile-drawer|side-nav|menu|use-sign-out|query-provider)\.tsx?$`,
    String.raw`[\\/]src[\\/]app[\\/]routes[\\/](service-orders-route|service-orders-modals|home-page|not-found-page)\.tsx$`,
    String.raw`[\\/]packages[\\/]shared[\\/]`,
    String.raw`node_modules[\\/](@tanstack|radix-ui|@radix-ui|@floating-ui|lucide-react|idb|signature_pad|sonner|react-hook-form|@hookform|zod|aria-hidden|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]`,
  ].join('|'),
);
/** pdf.js stays fetched when first used. */
const NOT_FIELD = /pdf-canvas-pages|pdfjs-dist/;

/**
 * What the technician's first job card runs (docs/rules.md#performance-budgets): the frame, the query layer
 * (and the toasts it loads at once), the job list and the home page, with everything they import
 * statically, but no schema. Of the signed-in code, only this is the 'field' chunk; the rest (the card's
 * modals, the forms, every module of @os/shared that builds a Zod schema, Zod itself, the signature pad,
 * the dialogs) is 'field-tools', which the job list asks for once its cards are drawn. A module of the
 * first card that needs a schema makes 'field' import 'field-tools', which the build refuses (fieldChunks).
 */
const FIRST_CARD = [
  /[\\/]src[\\/]app[\\/](layout|query-provider)\.tsx$/,
  /[\\/]src[\\/]app[\\/]routes[\\/](service-orders-route|home-page)\.tsx$/,
  /node_modules[\\/]sonner[\\/]/,
];
/** A module of @os/shared that builds schemas (it imports the package's zod.ts), or Zod itself. */
const SCHEMAS = /[\\/]packages[\\/]shared[\\/]src[\\/]zod\.ts$|node_modules[\\/]zod[\\/]/;
type ModuleGraph = (id: string) => { importedIds: readonly string[] } | null;
/** The signed-in code's two chunks (codeSplitting below): `test` sees every module, `name` places each. */
function signedInChunks() {
  let seen: string[] = [];
  let firstCard: Set<string> | undefined;
  const buildsSchemas = (id: string, graph: ModuleGraph) =>
    SCHEMAS.test(id) || !!graph(id)?.importedIds.some((i) => SCHEMAS.test(i));
  const reach = (graph: ModuleGraph) => {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id) || buildsSchemas(id, graph)) return;
      found.add(id);
      for (const next of graph(id)?.importedIds ?? []) visit(next);
    };
    for (const id of seen) if (FIRST_CARD.some((re) => re.test(id))) visit(id);
    return found;
  };
  return {
    reset() {
      seen = [];
      firstCard = undefined;
    },
    test(id: string) {
      const captured = FIELD_CODE.test(id) && !NOT_FIELD.test(id);
      if (captured) seen.push(id);
      return captured;
    },
    name(id: string, graph: ModuleGraph) {
      firstCard ??= reach(graph);
      return firstCard.has(id) ? 'field' : 'field-tools';
    },
  };
}
const signedIn = signedInChunks();
export default defineConfig({
  plugins: [
    field.plugin,
    fieldPreloadHint(),
    react(),
    tailwindcss(),
    // Installable field app (docs/rules.md#offline-sync): precached shell, Portuguese manifest, updates announced (registerType 'prompt').
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'boot.js', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Sistema de OS — Ordens de Serviço',
        short_name: 'Ordens de Serviço',
        description: 'Lançamentos de campo das ordens de serviço, também sem sinal.',
        lang: 'pt-BR',
        start_url: '/service-orders',
        scope: '/',
        display: 'standalone',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Only the field's JavaScript up front; the rest comes through runtime caching below.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((e) => !/^assets\/.*\.js$/.test(e.url) || field.keep.has(e.url)),
            warnings: [],
          }),
        ],
        navigateFallback: '/index.html',
        // The API and stored files never come from the precache; photos already seen stay readable offline.
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        runtimeCaching: [
          {
            // Hashed files never change: a screen's code visited once is there next time, also offline.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 200 } },
          },
          {
            // Protected photos: always asked of the server while there is signal (it answers only those who
            // may see them); the copy serves only offline, and signing out or in empties this cache
            // (lib/offline/forget.ts; docs/rules.md#accounts).
            urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
            handler: 'NetworkFirst',
            options: { cacheName: 'uploads', expiration: { maxEntries: 300 } },
          },
        ],
      },
    }),
    precompress(),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, xfwd: true },
      '/uploads': { target: apiTarget, changeOrigin: false },
      '/uploadDocs': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than our code: a separate chunk stays cached across releases.
        // The technician's signed-in path (frame, job list, its modals, the query layer, Radix, icons,
        // schemas) is one 'field' chunk instead of some fifty: on HTTP/1.1's six connections at 150 ms
        // a round trip, their queue cost more than their bytes (docs/decisions.md). Nothing
        // the sign-in page runs goes into it (docs/rules.md#performance-budgets: login JavaScript at
        // most 100 KB gzip); the office's screens and their heavy packages stay in their own chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'sign-in', tags: ['$initial'], priority: 2, includeDependenciesRecursively: false },
            {
              name: (id, ctx) => signedIn.name(id, (m) => ctx.getModuleInfo(m)),
              test: (id) => signedIn.test(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
