/**
 * The design tokens as plain data: the theme is built from them, and a test checks that every
 * text/background pair meets WCAG 2.2 AA in both themes.
 */
export const palettes = {
  light: {
    bg: '#ffffff',
    surface: '#f5f7fa',
    surfaceRaised: '#ffffff',
    border: '#d3dae3',
    borderStrong: '#8795a6',
    text: '#0f1b2a',
    textMuted: '#4a5868',
    brand: '#0b4f8a',
    brandHover: '#083d6c',
    brandSubtle: '#e7f0f9',
    onBrand: '#ffffff',
    success: '#0b6e62',
    successBg: '#e3f4f0',
    warning: '#8a4b00',
    warningBg: '#fff3df',
    danger: '#b42318',
    dangerHover: '#912018',
    dangerBg: '#fdecea',
    onDanger: '#ffffff',
    focus: '#2f80ed',
  },
  dark: {
    bg: '#0b1420',
    surface: '#101c2b',
    surfaceRaised: '#16263a',
    border: '#2a3b50',
    borderStrong: '#5d7089',
    text: '#e6edf5',
    textMuted: '#a3b3c5',
    brand: '#6cb3f2',
    brandHover: '#8fc5f5',
    brandSubtle: '#13304d',
    onBrand: '#07111c',
    success: '#4fd1b9',
    successBg: '#0f2e2a',
    warning: '#f5bd5b',
    warningBg: '#2e2310',
    danger: '#ff8a80',
    dangerHover: '#ffa59d',
    dangerBg: '#321615',
    onDanger: '#07111c',
    focus: '#8fc5f5',
  },
} as const;

export type Palette = { [K in keyof (typeof palettes)['light']]: string };

/** Text (first) on background (second) pairs the components use; each must reach 4.5:1. */
export const TEXT_PAIRS: readonly (readonly [keyof Palette, keyof Palette])[] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surfaceRaised'],
  ['textMuted', 'bg'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceRaised'],
  ['brand', 'bg'],
  ['brand', 'surface'],
  ['brand', 'brandSubtle'],
  ['onBrand', 'brand'],
  ['onBrand', 'brandHover'],
  ['success', 'successBg'],
  ['success', 'bg'],
  ['warning', 'warningBg'],
  ['danger', 'dangerBg'],
  ['danger', 'bg'],
  ['onDanger', 'danger'],
  ['onDanger', 'dangerHover'],
];

/** Non-text pairs (control borders, focus ring) need 3:1 against what they sit on. */
export const UI_PAIRS: readonly (readonly [keyof Palette, keyof Palette])[] = [
  ['borderStrong', 'bg'],
  ['borderStrong', 'surfaceRaised'],
  ['focus', 'bg'],
  ['focus', 'surface'],
];

export const space = {
  0: '0',
  1: '4px',
  2: '8px',
  3: '12px',
  4: '16px',
  5: '20px',
  6: '24px',
  8: '32px',
  10: '40px',
  12: '48px',
  16: '64px',
} as const;

export const fontSize = {
  xs: '12px',
  sm: '14px',
  md: '16px',
  lg: '20px',
  xl: '24px',
  xxl: '32px',
  display: '48px',
} as const;

export const radius = { control: '6px', card: '12px', pill: '999px' } as const;
