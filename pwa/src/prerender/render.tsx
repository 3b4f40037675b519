/**
 * Build-time rendering of the public screens (pwa/build/prerender-plugin.ts runs it in Node after
 * the browser build): the same tree as the app (AppProviders + AppRoutes), signed out, with a
 * static router at the screen's path. It waits for the lazy screen chunks (react-dom/static
 * `prerender`), and collects the antd styles the markup needs (cssinjs cache → <style> tags), so
 * the page paints its first screen before any JavaScript has run; the app then hydrates it.
 * Data the screen fetches (e.g. the home showcase) is rendered in its loading state, as the app's
 * first render shows it too.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { AppProviders } from '../app/App';
import { AppRoutes } from '../app/routes';

export interface RenderedScreen {
  /** the markup of #root */
  html: string;
  /** <style> tags of the antd components the markup uses */
  styles: string;
}

export async function renderScreen(path: string): Promise<RenderedScreen> {
  const cache = createCache();
  const { prelude } = await prerender(
    <StrictMode>
      <StyleProvider cache={cache}>
        <AppProviders>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StyleProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, styles: extractStyle(cache) };
}
