import type { FastifyInstance } from 'fastify';
import type { ApiHandlers } from '../../plugins/api-routes';
import { changeRule, chooseMail, createRule, getRules, removeRule, type RulesDeps } from './notification-rules.service';

type RuleOperations = 'listNotificationRules' | 'createNotificationRule' | 'updateNotificationRule' | 'deleteNotificationRule' | 'setRuleMailChoice';

/** `/services/notificationRules`: the registrar's notification rules and the caller's mail choice. */
export function notificationRuleHandlers(app: FastifyInstance): Pick<ApiHandlers, RuleOperations> {
  const deps: RulesDeps = { db: app.db, directory: app.userDirectory, tld: app.config.tld };
  return {
    listNotificationRules: async (_input, { user }) => getRules(deps, user),
    createNotificationRule: async ({ body }, { user }) => ({ rule: await createRule(deps, user, body) }),
    updateNotificationRule: async ({ params, body }, { user }) => ({ rule: await changeRule(deps, user, params.id, body) }),
    deleteNotificationRule: async ({ params }, { user }) => {
      await removeRule(deps, user, params.id);
      return null;
    },
    setRuleMailChoice: async ({ body }, { user }) => chooseMail(deps, user, body.mail),
  };
}
