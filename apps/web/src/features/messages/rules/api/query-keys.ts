/** Query keys of the registrar's notification rules; every change refreshes through them. */
export const ruleKeys = {
  all: ['notificationRules'] as const,
  list: () => [...ruleKeys.all, 'list'] as const,
};
