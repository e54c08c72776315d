import * as z from 'zod/mini';

/** One notification as GET /api/notifications and PATCH /api/notifications/{id}/read answer it. */
export const notificationResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    isRead: z.boolean(),
    createdAt: z.string(),
    linkUrl: z.nullable(z.string()),
  }))();
export type NotificationResponse = z.infer<typeof notificationResponse>;

/** GET /api/notifications/unread/count; also POST /api/notifications/mark-all-read (how many were marked). */
export const notificationCountResponse = /* @__PURE__ */ (() => z.object({ count: z.number() }))();

/** GET /api/notifications. */
export const notificationListResponse = /* @__PURE__ */ (() => z.array(notificationResponse))();
