/** Top-bar slot: the notifications issue fills it with the bell and panel. */
export function NotificationBell() {
  return null;
}
