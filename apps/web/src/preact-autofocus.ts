import { options, type Ref, type VNode } from 'preact';

/** Elements already focused for their autoFocus: a re-render must not pull the focus back. */
const focusedOnMount = new WeakSet<Element>();

function setRef(ref: Ref<Element> | null | undefined, element: Element | null): void {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}

/**
 * React focuses an element rendered with `autoFocus` when it mounts (the Ok button of a notice dialog); Preact only
 * writes the `autofocus` attribute, which the browser ignores once something on the page has the focus. The quote
 * page's entry runs on Preact, so this hook gives its elements React's behaviour: focused once, when first attached.
 */
export function installAutoFocus(): void {
  const previous = options.vnode;
  options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
    if (typeof vnode.type === 'string' && vnode.props.autoFocus) {
      const ref = vnode.ref as Ref<Element> | null | undefined;
      vnode.ref = (element: Element | null) => {
        if (element instanceof HTMLElement && !focusedOnMount.has(element)) {
          focusedOnMount.add(element);
          element.focus();
        }
        setRef(ref, element);
      };
    }
    previous?.(vnode);
  };
}
