import { options } from 'preact';

/** Whether an input event is being dispatched (from its capture on the window to its bubbling back there). */
let isInputEventRunning = false;

/**
 * React renders the update an input event asks for before that event is over; Preact renders every update in a
 * microtask afterwards. The masked fields' library (react-number-format) updates its own state and its parent's
 * while an input event runs and, rendered that late, corrected the input again and again: the quote page froze while
 * a phone number was typed key by key (the lead form). So an update asked for during an input event renders at once,
 * as in React; any other update keeps Preact's timing. The quote page's entry runs on Preact, so it installs this; in
 * development it runs on React, which never reads Preact's options.
 */
export function installInputRendering(target: Window = window): void {
  target.addEventListener('input', () => (isInputEventRunning = true), { capture: true });
  target.addEventListener('input', () => (isInputEventRunning = false));
  options.debounceRendering = (render) => (isInputEventRunning ? render() : queueMicrotask(render));
}
