import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { installAutoFocus } from './preact-autofocus';

installAutoFocus();

const container = document.createElement('div');
document.body.append(container);
afterEach(() => render(null, container));

describe('autoFocus on Preact (the quote page entry)', () => {
  it('focuses an autoFocus element once, when it mounts, even when another element has the focus', () => {
    const other = document.createElement('button');
    document.body.append(other);
    other.focus();
    let seen: HTMLElement | null = null;
    const ok = (label: string) =>
      h('div', null, h('button', { autoFocus: true, ref: (el: HTMLElement | null) => (seen = el) }, label));
    render(ok('Ok'), container);
    expect(document.activeElement?.textContent).toBe('Ok');
    expect(seen).toBe(document.activeElement);

    other.focus();
    render(ok('Ok again'), container);
    expect(document.activeElement).toBe(other);
  });
});
