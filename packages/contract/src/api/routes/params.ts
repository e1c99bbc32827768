import { z } from 'zod';
import { eppCertificateSlots } from '../../epp-certificates';

/* Path parameters: Fastify hands them over as text; the services look each one up in the caller's registrar. */

export const domainNameParams = z.object({
  domainName: z.string().meta({ description: 'The domain name, in Unicode (U-label) or ASCII (A-label), URL-encoded.' }),
});
export const contactHandleParams = z.object({ handle: z.string().meta({ description: "A registry contact's handle, URL-encoded." }) });
export const registrarHandleParams = z.object({
  handle: z.string().meta({ description: "The caller's own registrar handle; any other answers 404, as an unknown one does." }),
});
export const usernameParams = z.object({ username: z.string().meta({ description: "The full username, with '@' and the registrar handle." }) });
export const webhookIdParams = z.object({ id: z.string().meta({ description: "The endpoint's id." }) });
export const webhookDeliveryParams = z.object({
  id: z.string().meta({ description: "The endpoint's id." }),
  deliveryId: z.string().meta({ description: "The logged attempt's id." }),
});
export const registryMessageIdParams = z.object({
  id: z.coerce
    .number({ error: 'error.notFound' })
    .int({ error: 'error.notFound' })
    .min(-Number.MAX_SAFE_INTEGER, { error: 'error.notFound' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'error.notFound' })
    .refine((id) => id !== 0, { error: 'error.notFound' })
    .meta({ description: "The message's id (a rule hit's is negative)." }),
});
export const apiKeyIdParams = z.object({ id: z.string().meta({ description: "The key's id (the part after `rpk_` in its prefix)." }) });
export const eppCertificateSlotParams = z.object({
  slot: z.enum(eppCertificateSlots, { error: 'error.badRequest' }).meta({ description: 'Which certificate: `primary` or `failover`.' }),
});
export const passkeyIdParams = z.object({
  passkeyId: z.string().max(2000).meta({ description: 'One of the caller’s own passkeys, as `GET /services/me/passkeys` lists them.' }),
});

export const sessionIdParams = z.object({
  sessionId: z.string().meta({ description: 'One of the caller’s own session ids, as `GET /services/me/sessions` lists them.' }),
});
export const notificationRuleIdParams = z.object({ id: z.string().meta({ description: "The rule's id." }) });

export const reconciliationRunIdParams = z.object({
  runId: z.string().meta({ description: 'One of the registrar’s reconciliation runs, as `POST /services/reconciliations` answered it.' }),
});
