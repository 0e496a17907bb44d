/** Where a notification mail's unsubscribe link points, under /api/v1/. */
export const UNSUBSCRIBE_PATH = 'notifications/unsubscribe/';
