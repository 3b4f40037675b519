import type { ThemeConfig } from 'antd';

/** Kāinga's colours: a deep green primary (7.6:1 against white) and body text at 12:1. */
export const THEME_COLOR = '#0b5d4b';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: THEME_COLOR,
    colorLink: THEME_COLOR,
    colorText: '#1f2937',
    colorTextSecondary: '#4b5563',
    colorTextDescription: '#4b5563',
    // antd's defaults for these are too light for WCAG AA body text on white.
    colorTextTertiary: '#4b5563',
    colorTextPlaceholder: '#6b7280',
    colorError: '#b42318',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};
