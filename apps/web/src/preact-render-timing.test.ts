import { h, options, render } from 'preact';
import { useState } from 'preact/hooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { installInputRendering } from './preact-render-timing';

const previous = options.debounceRendering;
installInputRendering();
afterAll(() => {
  options.debounceRendering = previous;
});

const container = document.createElement('div');
document.body.append(container);
afterEach(() => render(null, container));

/** A field that keeps what is typed, and a button that counts its clicks. */
function Form() {
  const [text, setText] = useState('');
  const [count, setCount] = useState(0);
  return h(
    'div',
    null,
    h('input', { value: text, onInput: (event: Event) => setText((event.target as HTMLInputElement).value) }),
    h('output', null, text),
    h('button', { type: 'button', onClick: () => setCount((value) => value + 1) }, String(count)),
  );
}

describe('rendering on Preact during input events (the quote page entry)', () => {
  it('renders what an input event asks for while that event is still running', () => {
    render(h(Form, null), container);
    const input = container.querySelector('input');
    if (!input) throw new Error('no input');
    let shownDuringEvent: string | null | undefined;
    // A listener after Preact's own, still inside the same event: the page already shows the update.
    window.addEventListener('input', () => (shownDuringEvent = container.querySelector('output')?.textContent), {
      once: true,
    });
    input.value = '21';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(shownDuringEvent).toBe('21');
  });

  it("keeps Preact's own timing for any other update", async () => {
    render(h(Form, null), container);
    const button = container.querySelector('button');
    button?.click();
    expect(button?.textContent).toBe('0');
    await Promise.resolve();
    expect(button?.textContent).toBe('1');
  });
});
