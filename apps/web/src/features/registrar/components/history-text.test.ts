import translator from '../../../lib/translator';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditActions, historyKinds, signInOutcomes } from '@registrar-panel/contract';
import { initI18n, loadFeatureTexts } from '../../../lib/i18n';
import { historyActionKey, historyActionText } from './history-text';

beforeAll(async () => {
  await initI18n();
  await loadFeatureTexts('registrar');
});

describe('history action texts', () => {
  it('has an English text for every audit action of the contract', () => {
    const missing = auditActions.filter((action) => !translator.exists(historyActionKey(action)));
    expect(missing).toEqual([]);
    for (const action of auditActions) expect(historyActionText(translator.t, action), action).not.toBe(action);
  });

  it('has a text of its own for every sign-in outcome the identity service records', () => {
    const generic = historyActionText(translator.t, 'signIn.failed');
    const missing = signInOutcomes.filter((outcome) => !translator.exists(historyActionKey(`signIn.${outcome}`)));
    expect(missing).toEqual([]);
    for (const outcome of signInOutcomes.filter((o) => o !== 'success'))
      expect(historyActionText(translator.t, `signIn.${outcome}`), outcome).not.toBe(generic);
  });

  it('has a text for every kind of the filter', () => {
    for (const kind of historyKinds) expect(translator.exists(`registrar.history.kind.${kind}`), kind).toBe(true);
  });

  it('reads sign-ins as sentences, an unknown failure as a failed sign-in, an unknown action as it is', () => {
    expect(historyActionText(translator.t, 'signIn.success')).toBe('Signed in');
    expect(historyActionText(translator.t, 'signIn.wrongPassword')).toBe('Sign-in failed: wrong password');
    expect(historyActionText(translator.t, 'signIn.somethingNew')).toBe('Sign-in failed');
    expect(historyActionText(translator.t, 'registrar.publicContact.update')).toBe('Changed the public contact');
    expect(historyActionText(translator.t, 'domains.something.new')).toBe('domains.something.new');
  });
});
