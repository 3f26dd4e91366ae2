/** Query keys of the notifications domain (messages host). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (project: string) => [...notificationKeys.all, 'unread', project] as const,
  settings: (project: string) => [...notificationKeys.all, 'settings', project] as const,
};
