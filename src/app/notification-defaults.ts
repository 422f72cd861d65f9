/** Product §9: notifications close after 5000 ms, at most 20 on screen, top right unless a call says otherwise. */
export const NOTIFICATION_DEFAULTS = { limit: 20, autoClose: 5000, position: 'top-right' } as const;
