/*
 * The bounds of the registry's messages, the inbox and the bell, zod-free: the shell's bell reads
 * them, and importing them from registry-messages.ts would put zod and that file's schemas into the
 * app's first chunk (docs/decisions.md, "Web weight and speed").
 */

export const registryMessageLimits = {
  /** Characters of a message's text (plain text, one paragraph: no control character, no bidi control). */
  textMaxLength: 1000,
  /** Messages one inbox page holds by default, and at most. */
  defaultPage: 25,
  maxPage: 100,
  /** How often the bell asks for the unread count, while the tab is visible. */
  unreadPollSeconds: 30,
  /** The unread count stops counting here; the bell shows "99+" once it reaches it. */
  unreadCountCap: 100,
} as const;
