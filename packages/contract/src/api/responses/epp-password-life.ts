import { z } from 'zod';

/* What the EPP password's life answers (issue 31): its age, and the reset link's. The one home of these shapes. */

const timestamp = z.string().meta({ description: 'ISO 8601, UTC.' });

/** `GET /services/registrar/epp/password/life`. */
export const eppPasswordLifeAnswer = z.object({
  set: z.boolean().meta({ description: 'Whether the registrar has an EPP password.' }),
  changedAt: timestamp.nullable().meta({ description: 'When it was last set or changed; null when unknown (set before the portal recorded it).' }),
  changedBy: z.string().nullable().meta({ description: 'The username that set it; null when the registry set it.' }),
  maxAgeDays: z.number().int().meta({ description: "The registry's policy: a password older than this many days should be changed." }),
  tooOld: z.boolean().meta({ description: 'Whether the password is older than the policy.' }),
});
export type EppPasswordLife = z.output<typeof eppPasswordLifeAnswer>;

/** `POST /services/registrar/epp/password/resetLink`. */
export const eppPasswordResetLinkAnswer = z.object({
  recipients: z.number().int().meta({ description: 'How many ADMIN users the link was mailed to.' }),
  expiresAt: timestamp.meta({ description: 'When the link stops working.' }),
});
export type EppPasswordResetLinkSent = z.output<typeof eppPasswordResetLinkAnswer>;

/** `POST /services/registrar/epp/password/resetLink/check`. */
export const eppPasswordResetLinkStateAnswer = z.object({ expiresAt: timestamp.meta({ description: 'When the link stops working.' }) });
export type EppPasswordResetLinkState = z.output<typeof eppPasswordResetLinkStateAnswer>;
