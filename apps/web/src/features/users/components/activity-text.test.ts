import { auditActions, signInOutcomes } from '@registrar-panel/contract';
import translator from '../../../lib/translator';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { activityText } from './activity-text';

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('users');
});

describe('activity texts', () => {
  it('reads sign-ins and audited changes as sentences', () => {
    expect(activityText(translator.t, 'signIn.success')).toBe('Signed in');
    expect(activityText(translator.t, 'signIn.wrongCode')).toBe('Sign-in failed: wrong one-time code');
    expect(activityText(translator.t, 'epp.password.update')).toBe('Changed the EPP password');
    expect(activityText(translator.t, 'user.totpReset')).toBe('Reset the 2-step verification of a user');
    expect(activityText(translator.t, 'user.activationResend')).toBe('Sent an activation email again');
  });

  it('reads every user-management action and the refusals of a disabled or ended account', () => {
    for (const action of auditActions.filter((name) => name.startsWith('user.'))) {
      expect(activityText(translator.t, action), action).not.toBe(action);
    }
    expect(activityText(translator.t, 'user.disable')).toBe('Disabled a user');
    expect(activityText(translator.t, 'user.accessEnd')).toBe('Changed the access end date of a user');
    expect(activityText(translator.t, 'signIn.disabled')).toBe('Sign-in refused: account disabled');
    expect(activityText(translator.t, 'signIn.accessEnded')).toBe('Sign-in refused: access ended');
  });

  it('has a text of its own for every sign-in outcome the identity service records', () => {
    const generic = activityText(translator.t, 'signIn.somethingNew');
    for (const outcome of signInOutcomes.filter((o) => o !== 'success')) expect(activityText(translator.t, `signIn.${outcome}`), outcome).not.toBe(generic);
  });

  it('reads an unknown sign-in failure as a failed sign-in, and shows an unknown action as it is', () => {
    expect(activityText(translator.t, 'signIn.somethingNew')).toBe('Sign-in failed');
    expect(activityText(translator.t, 'domains.report.download')).toBe('domains.report.download');
  });
});
