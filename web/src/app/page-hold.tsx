import { useLayoutEffect } from 'react';
import { type createBrowserRouter, Outlet, useLocation, useNavigation } from 'react-router-dom';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'subscribe'>;

/**
 * While the router fetches the module of the page a link leads to, the page on screen stays there,
 * about to be replaced: what a person types into it meanwhile is lost when the next page arrives
 * (an email address typed into /auth's field after 'Forgot your password', the reset page then
 * asking for a valid one; docs/decisions/019c). So the page is inert and busy from the click until
 * React has drawn the next page (styles.css draws a bar at the top). The toasts and the route
 * announcer, outside the page, stay live: what they say during the load is still heard.
 */
let page: HTMLElement | null = null;
let focusedBefore: Element | null = null;

/**
 * Holds the page from the router's own notification, in the same task as the click: a React state
 * would be set a render later, and a keystroke could land in between.
 */
export function holdPageWhileNavigating(router: AppRouter) {
  return router.subscribe(({ navigation }) => {
    if (navigation.state === 'idle' || !page || page.hasAttribute('inert')) return;
    focusedBefore = document.activeElement;
    page.toggleAttribute('inert', true);
    page.setAttribute('aria-busy', 'true');
  });
}

/**
 * Inert drops the focus: it goes back where it was if that control stays (the app frame's menu),
 * else the next page has it as it always did.
 */
function release() {
  if (!page?.hasAttribute('inert')) return;
  page.toggleAttribute('inert', false);
  page.removeAttribute('aria-busy');
  const focused = focusedBefore;
  focusedBefore = null;
  if (focused instanceof HTMLElement && focused.isConnected && document.activeElement === document.body)
    focused.focus({ preventScroll: true });
}

/**
 * The root route's component, the page's box (no box of its own: the layout is the pages'). It lets
 * the page go once the next one is on screen: the router says it is idle a render earlier (its update
 * is a transition), while the old page is still there. A page that failed to load replaces all this
 * with the error page.
 *
 * On the arrival's commit, told by the location as well as the router's state: when the next page's
 * module is already in memory, the router is loading and idle again before React renders, React draws
 * the arrival once with the router idle before and after, and a check of the state alone never ran
 * (the page stayed inert for good; CI, 2026-11-27).
 */
export function PageArrival() {
  const { state } = useNavigation();
  const location = useLocation();
  useLayoutEffect(() => {
    if (state === 'idle') release();
  }, [state, location]);
  return (
    <div
      className="contents"
      data-page
      ref={(element) => {
        page = element;
      }}
    >
      <Outlet />
    </div>
  );
}
