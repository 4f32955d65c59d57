import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAppState } from '../lib/app-store';
import { FakeWebSocket } from './fake-websocket';

// A page's first render loads its lazy parts and answers its fake requests; on a busy two-core machine that takes more
// than Testing Library's default second. findBy and waitFor wait up to 5 s, and return as soon as the page is there.
configure({ asyncUtilTimeout: 5000 });

// Nothing connects anywhere: a test that cares about a socket (the notifications stream) drives the fake.
beforeEach(() => {
  FakeWebSocket.made = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetAppState();
  window.localStorage.clear();
});
