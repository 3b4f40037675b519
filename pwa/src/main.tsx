import './styles.css';

/**
 * The entry stays tiny: the app (React, antd, the router; src/app/boot.tsx) is a separate chunk,
 * preloaded by the page (pwa/build/prerender-plugin.ts) but evaluated only here. A public screen
 * prerendered at build time (src/prerender) is taken over once the browser has painted it (the
 * next frame), so its first paint never waits for the app's scripts to run; any other page starts
 * the app at once.
 *
 * The app's modules are evaluated in stages, a task each (dynamic imports of modules already
 * downloaded): React's renderer, then antd's theme core, then the app. In one go their evaluation
 * held the main thread for ~60 ms at desktop speed, about four times that on a phone, when no tap
 * or scroll could be answered; each stage is a fraction of it.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const prerendered = root.dataset.prerendered !== undefined && root.dataset.prerendered === window.location.pathname && root.hasChildNodes();
const start = async () => {
  await import('react-dom/client');
  await import('antd/es/config-provider');
  const app = await import('./app/boot');
  app.start(root, prerendered);
};
if (prerendered) requestAnimationFrame(() => setTimeout(() => void start()));
else void start();
