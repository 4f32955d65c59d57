export type Navigator = (to: string, state?: unknown) => Promise<void> | void;

// Code outside React (the API client) navigates through this; the router plugs itself in at start.
let current: Navigator = (to) => window.location.assign(to);

export function setNavigator(navigator: Navigator): void {
  current = navigator;
}

export function navigateTo(to: string, state?: unknown): Promise<void> | void {
  return current(to, state);
}
