import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageMessageProps = {
  /** A small line above the title, e.g. '404'. */
  overline?: string;
  title: string;
  /** h1 on a page of its own; h2 inside the staff shell, whose top bar holds the page's h1. */
  headingLevel: 'h1' | 'h2';
  children: ReactNode;
  action: ReactNode;
};

/** A page that only says something and offers one way on: not found, no access. */
export function PageMessage({ overline, title, headingLevel, children, action }: PageMessageProps) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 480 }}>
        {overline && (
          <Typography variant="overline" color="text.secondary">
            {overline}
          </Typography>
        )}
        <Typography variant="h4" component={headingLevel} gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-word' }}>
          {children}
        </Typography>
        {action}
      </Box>
    </Box>
  );
}
