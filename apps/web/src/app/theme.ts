import { createTheme } from '@mui/material/styles';

export const DRAWER_WIDTH = 240;

// The product's fonts are Roboto, Roboto Condensed and Open Sans. Only Roboto is bundled; the
// others are used when a device has them.
const FONT_FAMILY = ['Roboto', '"Roboto Condensed"', '"Open Sans"', 'sans-serif'].join(',');

/**
 * The lawn green of the brand. The spec's #10AA39 reaches only 3.1:1 on white, and
 * WCAG AA asks 4.5:1 for text (links, text and outlined buttons) and for the white label of a
 * filled button. This darker shade of the same hue reaches 5.5:1 on white and 5.1:1 on the page
 * background.
 */
const LAWN_GREEN = '#087A29';

/**
 * The orange of warnings drawn as text (an outlined chip such as 'Restart requested', a warning icon). MUI's default
 * #ed6c02 reaches only 3.1:1 on white; this darker orange reaches 5.0:1 on white and 4.6:1 on the page background.
 */
const WARNING_ORANGE = '#B45309';

export const theme = createTheme({
  palette: {
    primary: { main: '#242323' },
    secondary: { main: LAWN_GREEN, contrastText: '#ffffff' },
    warning: { main: WARNING_ORANGE },
    background: { default: '#f5f6f4' },
    // Text drawn on a colour (a filled chip, a coloured week) is black or white, whichever
    // reaches the WCAG AA ratio of 4.5:1; MUI's default of 3 lets white on bright red through.
    contrastThreshold: 4.5,
  },
  typography: {
    fontFamily: FONT_FAMILY,
    // Base size 16 px: body text is 1rem of a 16 px root. MUI's `fontSize` (14) is a scaling
    // coefficient for every variant, so raising it would inflate dense components too.
    htmlFontSize: 16,
    button: { textTransform: 'none', fontWeight: 500 },
  },
  shape: { borderRadius: 8 },
});
