// Builds the embed script: dist/widget.js (minified IIFE, Preact and CSS inside) and its gzip.
// Fails when the gzipped script exceeds the budget of ARCHITECTURE §8 or when zod slipped in.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const outfile = join(root, 'dist/widget.js');
const BUDGET = 20 * 1024;

/** styles.ts holds the stylesheet as one template string; ship it minified. */
const minifyCss = {
  name: 'minify-css-string',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]styles\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const css = /`([\s\S]*)`/.exec(source)?.[1];
      if (css === undefined || css.includes('${')) throw new Error('styles.ts must hold one plain template string');
      const { code } = await transform(css, { loader: 'css', minify: true, target: ['chrome90', 'safari15'] });
      return { contents: `export const CSS = ${JSON.stringify(code.trim())};`, loader: 'ts' };
    });
  },
};

const result = await build({
  entryPoints: [join(root, 'src/embed.ts')],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['chrome90', 'safari15', 'firefox90'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  legalComments: 'none',
  charset: 'utf8',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  plugins: [minifyCss],
  logLevel: 'warning',
});

const forbidden = Object.keys(result.metafile.inputs).filter((p) => /node_modules[\\/]zod[\\/]/.test(p));
if (forbidden.length) {
  console.error(`widget: zod must not be bundled (import only types from @otklik/contract): ${forbidden[0]}`);
  process.exit(1);
}

await mkdir(dirname(outfile), { recursive: true });
const js = await readFile(outfile);
// The server writes the assistant's design in place of this literal (apps/server widget-script.ts).
const markers = js.toString('utf8').match(/(["'`])__OTKLIK_DESIGN__\1/g) ?? [];
if (markers.length !== 1) {
  console.error(`widget: the design marker must appear once as a string literal, found ${markers.length}`);
  process.exit(1);
}
const gz = gzipSync(js, { level: 9 });
await writeFile(`${outfile}.gz`, gz);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`widget: dist/widget.js ${kb(js.length)}, gzip ${kb(gz.length)} (budget ${kb(BUDGET)})`);
if (gz.length > BUDGET) {
  console.error('widget: over the gzip budget');
  process.exit(1);
}
