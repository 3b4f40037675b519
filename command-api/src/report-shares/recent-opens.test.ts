import { describe, expect, it } from 'vitest';
import { isLinkPreviewOrRobot } from './link-preview';
import { RecentOpens, REOPEN_WINDOW_MS } from './recent-opens';

describe('RecentOpens', () => {
  it('counts a visitor once in the window, again after it, and other visitors and links apart', () => {
    const opens = new RecentOpens();
    expect(opens.firstOpen('s1', '10.0.0.1', 'Firefox', 0)).toBe(true);
    expect(opens.firstOpen('s1', '10.0.0.1', 'Firefox', REOPEN_WINDOW_MS - 1)).toBe(false);
    expect(opens.firstOpen('s1', '10.0.0.2', 'Firefox', 1)).toBe(true);
    expect(opens.firstOpen('s1', '10.0.0.1', 'Safari', 1)).toBe(true);
    expect(opens.firstOpen('s2', '10.0.0.1', 'Firefox', 1)).toBe(true);
    expect(opens.firstOpen('s1', '10.0.0.1', 'Firefox', REOPEN_WINDOW_MS)).toBe(true);
  });
});

describe('isLinkPreviewOrRobot', () => {
  it('knows the preview fetchers of chat and mail apps and robots, and lets browsers through', () => {
    for (const ua of ['facebookexternalhit/1.1', 'WhatsApp/2.23.20.0', 'Slackbot-LinkExpanding 1.0', 'Mozilla/5.0 (compatible; Googlebot/2.1)', 'TelegramBot (like TwitterBot)', 'Discordbot/2.0', 'curl/8.5.0', undefined]) {
      expect(isLinkPreviewOrRobot(ua), String(ua)).toBe(true);
    }
    expect(isLinkPreviewOrRobot('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1')).toBe(false);
    expect(isLinkPreviewOrRobot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36')).toBe(false);
  });
});
