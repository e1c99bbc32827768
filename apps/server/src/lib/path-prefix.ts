/** Whether a request's URL (path and query) lies under `prefix`: the prefix itself, a path below it, or it with a query. */
export const isUnderPrefix = (url: string, prefix: string): boolean => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
