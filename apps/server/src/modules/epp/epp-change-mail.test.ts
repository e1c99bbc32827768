import { describe, expect, it } from 'vitest';
import { eppChangeMail } from './epp-change-mail';

const actor = { username: 'tech@acme', firstName: 'Carla', lastName: 'Tech', ip: '2001:db8::7' };

describe('EPP change notification', () => {
  const context = {
    registrarHandle: 'acme',
    actor,
    at: new Date('2026-03-29T00:59:59Z'),
    supportEmail: 'support@registry.example',
    productName: '.be registrar panel',
  };

  it('lists what was added and removed, by whom, when and from where', () => {
    const mail = eppChangeMail({ kind: 'ipAddresses', before: ['192.0.2.1', '192.0.2.2'], after: ['192.0.2.2', '2001:db8::1'] }, context);
    expect(mail.subject).toBe('EPP allowed IP addresses changed for registrar acme');
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'The IP addresses allowed to connect to the EPP server were changed for registrar acme.',
        '',
        'Added: 2001:db8::1',
        'Removed: 192.0.2.1',
        'Allowed IP addresses now: 192.0.2.2, 2001:db8::1',
        '',
        'Changed by: Carla Tech (tech@acme)',
        'When: 2026/03/29 01:59:59 CET',
        'From IP address: 2001:db8::7',
        '',
        'You receive this security notification as the technical contact or an administrator of registrar acme.',
        'If you did not expect this change, contact support@registry.example at once.',
      ].join('\n'),
    );
  });

  it('says "none" for an empty side and names the user by username when the token has no name', () => {
    const mail = eppChangeMail({ kind: 'ipAddresses', before: [], after: ['192.0.2.9'] }, { ...context, actor: { ...actor, firstName: '', lastName: '' } });
    expect(mail.text).toContain('Removed: none');
    expect(mail.text).toContain('Changed by: tech@acme\n');
  });

  it('tells a first password from a changed one', () => {
    expect(eppChangeMail({ kind: 'password', firstTime: true }, context).subject).toBe('EPP password set for registrar acme');
    const changed = eppChangeMail({ kind: 'password', firstTime: false }, context);
    expect(changed.subject).toBe('EPP password changed for registrar acme');
    expect(changed.text).toContain('The EPP password of registrar acme was changed.');
    expect(changed.text).toContain('The password itself is never sent by mail.');
  });
});
