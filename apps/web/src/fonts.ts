// Roboto's Latin and Latin Extended faces (English and Spanish names and addresses, with accents). The Cyrillic, Greek
// and Vietnamese faces are left out: their @font-face rules made most of the stylesheet every page blocks on, for text
// this product does not show; such a character would fall back to the device's sans-serif. Both entries (the app and
// the quote page) load these.
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-ext-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-ext-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-ext-700.css';
