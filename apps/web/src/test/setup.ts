import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAppState } from '../lib/app-store';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetAppState();
  window.localStorage.clear();
});
