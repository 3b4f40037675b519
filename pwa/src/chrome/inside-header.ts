/**
 * The popup container of the header's own menus (the account menu, the role switcher): the sticky
 * header itself, not the page. Placed on the page, an open menu stayed where the page was for a
 * frame or two after a scroll (antd aligns it again only then), 226 px off its button after a
 * 226 px scroll, so a tap meant for one item could land on another. While one is open the header
 * rises above the toasts (styles.css, `.app-header:has(...)`).
 */
export const insideHeader = (trigger: HTMLElement): HTMLElement => trigger.closest('header') ?? document.body;
