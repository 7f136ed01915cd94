import { type RefObject, useLayoutEffect } from 'react';

/**
 * A side menu that becomes a sideways-scrolling strip on a narrow screen (`.panel-layout__nav`):
 * keeps the current entry (`aria-current="page"`) in view inside the strip whenever `current`
 * changes, by moving the strip only — never the page.
 */
export function useActiveInStrip(nav: RefObject<HTMLElement | null>, current: string) {
  useLayoutEffect(() => {
    const list = nav.current?.querySelector('ul');
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const item = active.offsetLeft - list.offsetLeft;
    const left = item - (list.clientWidth - active.offsetWidth) / 2;
    list.scrollLeft = Math.max(0, Math.min(left, list.scrollWidth - list.clientWidth));
  }, [nav, current]);
}
