import { describe, expect, it } from 'vitest';
import { pageOf, prerenderedFile } from './prerender-plugin';

const shell = `<!doctype html><html><head><title>Kāinga</title>
<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/boot-B.js">
<link rel="stylesheet" crossorigin href="/assets/index-C.css">
</head><body><div id="root"></div></body></html>`;

const manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, css: ['assets/index-C.css'] },
  'src/app/boot.tsx': { file: 'assets/boot-B.js' },
  'src/features/sign-in/SignInPage.tsx': { file: 'assets/SignInPage-D.js', imports: ['src/app/boot.tsx', '_input'], css: ['assets/SignInPage-E.css'] },
  _input: { file: 'assets/input-F.js' },
};
const assets: Record<string, string> = { 'assets/index-C.css': 'body{margin:0}', 'assets/SignInPage-E.css': '.sign-in{color:green}' };
const screen = { path: '/sign-in', module: 'src/features/sign-in/SignInPage.tsx', title: 'Sign In · Kāinga' };

describe('a prerendered page', () => {
  const page = pageOf(shell, screen, { html: '<h1>Sign in</h1>', styles: '<style data-css-hash="x">.ant-btn{}</style>' }, manifest, (f) => assets[f]!);

  it('holds the markup in #root, marked with its path, and the screen title', () => {
    expect(page).toContain('<div id="root" data-prerendered="/sign-in"><h1>Sign in</h1></div>');
    expect(page).toContain('<title>Sign In · Kāinga</title>');
    expect(page).toContain('<style data-css-hash="x">.ant-btn{}</style>');
  });

  it('inlines every style sheet: nothing but the page blocks the first paint', () => {
    expect(page).toContain('<style>body{margin:0}</style>');
    expect(page).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
    // The screen's own sheet stays listed, disabled (never fetched), for Vite's loader.
    expect(page).toContain('<style>.sign-in{color:green}</style><link rel="stylesheet" crossorigin href="/assets/SignInPage-E.css" disabled>');
  });

  it("preloads the screen's chunks the shell does not already load", () => {
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/SignInPage-D.js">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/input-F.js">');
    expect(page.match(/boot-B\.js/g)).toHaveLength(1);
  });

  it("fetches the screen's first data from the HTML, as the app will ask for it", () => {
    const withData = pageOf(shell, { ...screen, data: ['/api/public/property-directory?offset=0&limit=24'] }, { html: '', styles: '' }, manifest, (f) => assets[f]!);
    expect(withData).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/public/property-directory?offset=0&amp;limit=24">');
    expect(page).not.toContain('as="fetch"');
  });

  it('refuses a screen missing from the build', () => {
    expect(() => pageOf(shell, { ...screen, module: 'src/Nope.tsx' }, { html: '', styles: '' }, manifest, () => '')).toThrow(/not in the Vite manifest/);
  });

  it('is written as <path>.html, the home as index.html', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/how-it-works')).toBe('how-it-works.html');
  });
});
