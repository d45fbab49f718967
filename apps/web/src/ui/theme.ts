import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Klubhus theme: Chakra's default system with one brand palette. Light and dark
 * both come from Chakra's semantic tokens; dark mode is the `dark` class on
 * <html> (see color-mode.ts).
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef5ff' },
          100: { value: '#d9e8ff' },
          200: { value: '#bcd7ff' },
          300: { value: '#8ebdff' },
          400: { value: '#5997fd' },
          500: { value: '#3372f9' },
          600: { value: '#1d53ee' },
          700: { value: '#1640d6' },
          800: { value: '#1935ad' },
          900: { value: '#1a3288' },
          950: { value: '#152153' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.500}' } },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
