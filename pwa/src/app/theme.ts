import { theme as antdTheme, type ThemeConfig } from 'antd';
import { withPrecomputed, type PrecomputedDerivative } from './theme-derivative';

/** The algorithm's answer for the app's seed, put in by the build (vite.config.ts); absent in tests. */
declare const __THEME_DERIVATIVE__: PrecomputedDerivative | undefined;

/** Kāinga's colours: a deep green primary (7.6:1 against white) and body text at 12:1. */
export const THEME_COLOR = '#0b5d4b';

/**
 * The text colour of antd's preset Tag colours (`<Tag color="gold">`): antd writes it in shade 7
 * of the colour on shade 1, which is under WCAG's 4.5:1 for gold (2.8:1), green (3.4:1), orange,
 * cyan, lime, yellow and volcano. These are the first darker shades of each palette that reach
 * 4.5:1 on its shade 1 (theme.test.ts measures every preset); shade 7 is used for nothing else.
 * They are set in the algorithm: antd derives the palettes from the seed colours after `token`
 * is read, so a palette shade given there does not reach the page's CSS variables.
 */
export const presetTagText = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
} as const;

/**
 * A text field's focus: antd marks it with a faint 2 px glow (the primary at 10 %), hard to see
 * (WCAG 2.4.7). Here a solid 2 px ring in the primary colour, round every kind of field.
 */
const FOCUS_RING = `0 0 0 2px ${THEME_COLOR}`;
const ERROR_FOCUS_RING = '0 0 0 2px #b42318';
const fieldFocus = { activeShadow: FOCUS_RING, errorActiveShadow: ERROR_FOCUS_RING };

/** antd's default palettes and sizes, with the preset Tags' darker text. */
export const deriveTheme = (seed: Parameters<typeof antdTheme.defaultAlgorithm>[0]) => ({ ...antdTheme.defaultAlgorithm(seed), ...presetTagText });

export const themeToken = {
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
} satisfies ThemeConfig['token'];

/** The seed antd hands the algorithm: its default seed under the app's tokens. */
export const themeSeed = () => ({ ...antdTheme.defaultSeed, ...themeToken });

export const theme: ThemeConfig = {
  algorithm: withPrecomputed(deriveTheme, typeof __THEME_DERIVATIVE__ === 'undefined' ? null : __THEME_DERIVATIVE__),
  token: themeToken,
  components: {
    Input: fieldFocus,
    InputNumber: fieldFocus,
    DatePicker: fieldFocus,
    Select: { activeOutlineColor: THEME_COLOR },
  },
};
