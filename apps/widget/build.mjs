// Builds the embed script in two parts: dist/widget.js (the script a site embeds: paints the
// launcher, minified IIFE without Preact) and dist/widget-app.js (the conversation, Preact and
// all, fetched by the first as /api/widget/app.js?v=<hash>), each with its gzip.
// Fails when the two together exceed the gzip budget of ARCHITECTURE §8 or when zod slipped in.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const BUDGET = 20 * 1024;
/** The assistant's design the server writes into the embed script: a few hundred bytes gzipped, counted too. */
const DESIGN_ALLOWANCE = 512;

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

/** One minified IIFE; returns its bytes and gzip, both written next to it. */
async function bundle(entry, outName, define = {}) {
  const outfile = join(dist, outName);
  const result = await build({
    entryPoints: [join(root, 'src', entry)],
    outfile,
    bundle: true,
    minify: true,
    format: 'iife',
    // Chrome 91: esbuild rewrites optional chaining for older Chrome (a V8 bug), which costs bytes.
    target: ['chrome91', 'safari15', 'firefox90'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    charset: 'utf8',
    define: { 'process.env.NODE_ENV': '"production"', ...define },
    metafile: true,
    plugins: [minifyCss],
    logLevel: 'warning',
  });
  const forbidden = Object.keys(result.metafile.inputs).filter((p) => /node_modules[\\/]zod[\\/]/.test(p));
  if (forbidden.length) {
    console.error(`widget: zod must not be bundled (import only types from @otklik/contract): ${forbidden[0]}`);
    process.exit(1);
  }
  const js = await readFile(outfile);
  const gz = gzipSync(js, { level: 9 });
  await writeFile(`${outfile}.gz`, gz);
  return { js, gz, inputs: Object.keys(result.metafile.inputs) };
}

await mkdir(dist, { recursive: true });
const app = await bundle('app.ts', 'widget-app.js', { 'globalThis.__OTKLIK_LIVE_ONLY__': 'true' });
const version = createHash('sha256').update(app.js).digest('base64url').slice(0, 12);
const boot = await bundle('embed.ts', 'widget.js', { __OTKLIK_APP__: JSON.stringify(`app.js?v=${version}`) });

// The first frame must not wait for Preact: it is the second script's.
const preactInBoot = boot.inputs.filter((p) => /node_modules[\\/]preact[\\/]/.test(p));
if (preactInBoot.length) {
  console.error(`widget: the embed script must paint without Preact, found ${preactInBoot[0]}`);
  process.exit(1);
}
// The server writes the assistant's design in place of this literal (apps/server widget-script.ts).
const markers = boot.js.toString('utf8').match(/(["'`])__OTKLIK_DESIGN__\1/g) ?? [];
if (markers.length !== 1) {
  console.error(`widget: the design marker must appear once as a string literal, found ${markers.length}`);
  process.exit(1);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const total = boot.gz.length + app.gz.length;
console.log(
  `widget: dist/widget.js ${kb(boot.js.length)}, gzip ${kb(boot.gz.length)}; dist/widget-app.js ${kb(app.js.length)}, gzip ${kb(app.gz.length)}; together ${kb(total)} gzip, with ${DESIGN_ALLOWANCE} B for the design written in (budget ${kb(BUDGET)})`,
);
if (total + DESIGN_ALLOWANCE > BUDGET) {
  console.error('widget: over the gzip budget');
  process.exit(1);
}
