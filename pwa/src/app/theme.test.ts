import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// antd's preset Tag colours (antd/es/theme/interface/presetColors).
const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];

describe('the theme', () => {
  it('draws every preset Tag colour\'s text at 4.5:1 or more on its background (WCAG 1.4.3)', () => {
    // From the algorithm alone: the page's CSS variables take the palettes from it, not from `token`.
    const token = antdTheme.getDesignToken({ algorithm: theme.algorithm }) as unknown as Record<string, string>;
    // A filled Tag: text in shade 7 on shade 1 (antd/es/tag/style/presetCmp).
    const short = PRESETS.map((c) => ({ c, ratio: contrast(token[`${c}7`]!, token[`${c}1`]!) })).filter(({ ratio }) => ratio < 4.5);
    expect(short).toEqual([]);
  });

  it('keeps the primary colour and body text readable on white', () => {
    const token = antdTheme.getDesignToken(theme);
    for (const colour of [token.colorPrimary, token.colorText, token.colorTextSecondary, token.colorTextTertiary, token.colorError]) {
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
