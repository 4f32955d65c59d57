import { SEASON_WEEK_COLORS } from '@lawn/shared';
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

// WCAG AA: text of normal size needs a contrast ratio of at least 4.5:1 with what is behind it.
const AA_TEXT = 4.5;
const { palette } = theme;

describe('theme colours meet WCAG AA for text', () => {
  it.each([
    ['green text on white (links, text buttons)', palette.secondary.main, palette.background.paper],
    ['green text on the page background (outlined buttons)', palette.secondary.main, palette.background.default],
    ['the label of a filled green button', palette.secondary.contrastText, palette.secondary.main],
    ['the label of a filled green button on hover', palette.secondary.contrastText, palette.secondary.dark],
    ['the label of a filled dark button', palette.primary.contrastText, palette.primary.main],
    ['orange warning text on white (an outlined warning chip)', palette.warning.main, palette.background.paper],
    ['orange warning text on the page background', palette.warning.main, palette.background.default],
    ['the label of a filled warning chip', palette.warning.contrastText, palette.warning.main],
  ])('%s', (_case, foreground, background) => {
    expect(getContrastRatio(foreground, background)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  // A season week is drawn in its type's colour with the text colour the theme picks for it.
  it.each(Object.entries(SEASON_WEEK_COLORS))('readable text on a %s week (%s)', (_type, colour) => {
    expect(getContrastRatio(palette.getContrastText(colour), colour)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
