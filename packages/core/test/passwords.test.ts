import { beforeAll, describe, expect, it } from 'vitest';
import { clientRegisterSchema, newPasswordSchema } from '../src/accounts.ts';
import { escortRegistrationPasswordField, newPasswordField } from '../src/fields.ts';
import { msg } from '../src/messages.ts';
import { isCommonPassword, loadCommonPasswords } from '../src/passwords.ts';
import list from '../src/data/common-passwords.json' with { type: 'json' };
import { buildCommonPasswordList, COMMON_COUNT, rankedPasswords } from '../../../scripts/common-passwords.ts';

beforeAll(() => loadCommonPasswords());

const firstIssue = (schema: typeof newPasswordField, v: string) => {
  const r = schema.safeParse(v);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('new passwords (change, recovery)', () => {
  it('accept a passphrase with spaces and symbols, and any visible Unicode', () => {
    for (const ok of [
      'Correct horse battery staple!9',
      'contraseña 2025 ñandú',
      'año🌙luna7',
      ' espacios 7 ',
    ]) {
      expect(firstIssue(newPasswordField, ok), ok).toBeNull();
    }
  });

  it("keep the spec's minimum and letters-and-digits rule, without its 'no spaces'", () => {
    expect(firstIssue(newPasswordField, '')).toBe(msg.newPasswordRequired);
    expect(firstIssue(newPasswordField, 'ab 12c')).toBe(msg.newPasswordRule);
    expect(firstIssue(newPasswordField, 'sololetras')).toBe(msg.newPasswordRule);
    expect(firstIssue(newPasswordField, '12345678')).toBe(msg.newPasswordRule);
    // Seven characters counted as a person sees them: three emoji are three, not six.
    expect(firstIssue(newPasswordField, 'a1🌙🌙🌙')).toBe(msg.newPasswordRule);
    expect(msg.newPasswordRule).not.toContain('espacios');
  });

  it('refuse control and invisible characters, and more than 128 characters', () => {
    for (const bad of [
      'clave\n2025x',
      'clave\t2025x',
      'clave\u0000x9',
      'cla\u200bve2025',
      'clave\u20282025x',
    ]) {
      expect(firstIssue(newPasswordField, bad), JSON.stringify(bad)).toBe(msg.passwordInvisible);
    }
    expect(firstIssue(newPasswordField, `a1${'x'.repeat(126)}`)).toBeNull();
    expect(firstIssue(newPasswordField, `a1${'x'.repeat(127)}`)).toBe(msg.passwordTooLong);
    expect(firstIssue(newPasswordField, `a1${'🌙'.repeat(126)}`)).toBeNull();
  });

  it('refuse common passwords in any letter case', () => {
    for (const common of ['password1', '123456a', 'PASSWORD1', 'Qwerty123', '1q2w3e4r']) {
      expect(firstIssue(newPasswordField, common), common).toBe(msg.passwordCommon);
    }
    expect(
      newPasswordSchema.safeParse({ email: 'a@b.cl', codigoProvisorio: '1234', nuevaPass: 'password1' }).error
        ?.issues[0]?.message,
    ).toBe(msg.passwordCommon);
  });
});

describe('registration passwords', () => {
  it('keep the same 7-character minimum as a change of password (decision 0148), with their own messages', () => {
    expect(firstIssue(escortRegistrationPasswordField, 'a1b2')).toBe(msg.escortPasswordLength);
    expect(firstIssue(escortRegistrationPasswordField, 'rosa 7')).toBe(msg.escortPasswordLength);
    expect(firstIssue(newPasswordField, 'rosa 7')).toBe(msg.newPasswordRule);
    expect(firstIssue(escortRegistrationPasswordField, 'abcdefg')).toBe(msg.escortPasswordMix);
    expect(firstIssue(escortRegistrationPasswordField, 'rosa 77')).toBeNull();
    expect(firstIssue(escortRegistrationPasswordField, 'abc1234')).toBe(msg.passwordCommon);
    expect(firstIssue(escortRegistrationPasswordField, 'ros\r\na7')).toBe(msg.passwordInvisible);
    expect(clientRegisterSchema.shape.pass.safeParse('Correct horse battery staple!9').success).toBe(true);
  });
});

describe('the common-password list', () => {
  it('is the source package list as committed (rebuild with node scripts/common-passwords.ts)', () => {
    expect(list).toEqual(buildCommonPasswordList());
  });

  it('refuses every one of the 10,000 most common passwords, by the list or by the shape rules', () => {
    const top = rankedPasswords().slice(0, COMMON_COUNT);
    expect(top).toHaveLength(10_000);
    const accepted = top.filter(
      (p) => escortRegistrationPasswordField.safeParse(p).success || newPasswordField.safeParse(p).success,
    );
    expect(accepted).toEqual([]);
    // A password just past the list's ranks is not refused by it.
    expect(isCommonPassword('zorzal-andino-77')).toBe(false);
  });
});
