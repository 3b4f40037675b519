import './styles.css';

/**
 * The entry stays tiny: the app (React, antd, the router; src/app/boot.tsx) is a separate chunk,
 * preloaded by the page (pwa/build/prerender-plugin.ts) but evaluated only here. A public screen
 * prerendered at build time (src/prerender) is taken over once the browser has painted it (the
 * next frame), so its first paint never waits for the app's scripts to run; any other page starts
 * the app at once.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const prerendered = root.dataset.prerendered !== undefined && root.dataset.prerendered === window.location.pathname && root.hasChildNodes();
const start = () => import('./app/boot').then(({ start }) => start(root, prerendered));
if (prerendered) requestAnimationFrame(() => setTimeout(() => void start()));
else void start();
