import { createTheme } from '@mui/material/styles';

export const DRAWER_WIDTH = 240;
export const LOGIN_PANEL_WIDTH = 500;

// Spec 1 section 9. Only Roboto is bundled; the others are fallbacks when a device has them.
const FONT_FAMILY = ['Roboto', '"Roboto Condensed"', '"Open Sans"', 'sans-serif'].join(',');

export const theme = createTheme({
  palette: {
    primary: { main: '#242323' },
    secondary: { main: '#10AA39', contrastText: '#ffffff' },
    background: { default: '#f5f6f4' },
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
