import { describe, expect, it } from 'vitest';
import {
  accountRutKey,
  changePasswordFormSchema,
  clientRegisterFormSchema,
  escortRegisterFormSchema,
  loginSchema,
  newPasswordSchema,
  recoveryFormSchema,
} from '../src/accounts.ts';
import { latestAdultBirthDate } from '../src/age.ts';
import { inputFilters, nicknameField, normalizeNickname } from '../src/fields.ts';
import { msg } from '../src/messages.ts';
import { filterIdInput } from '../src/rut.ts';

const client = {
  rut_cliente: '12.345.678-5',
  nombre: 'Juan Pérez Soto',
  nickname: 'juan99',
  fecha_nac: '1990-01-01',
  email: 'juan@correo.cl',
  pass: 'clave123',
  pass2: 'clave123',
  fono: '987654321',
  genero: 'Masculino',
  ciudad: 'Providencia',
  acepta_terminos: true,
  acepta_datos_sensibles: true,
};
const escort = {
  ...client,
  rut_usuario: '12.345.678-5',
  rut_cliente: undefined,
  pass: 'rosa777',
  pass2: 'rosa777',
};

const first = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? null : r.error!.issues[0]!.message;
};

describe('registration schemas carry the spec messages', () => {
  it('accepts valid forms', () => {
    expect(first(clientRegisterFormSchema, client)).toBeNull();
    expect(first(escortRegisterFormSchema, escort)).toBeNull();
  });
  it('client: required, match, duplicate-free rules', () => {
    // Each empty field says what it needs (decision 0150).
    expect(first(clientRegisterFormSchema, { ...client, nombre: '' })).toBe(msg.fullNameRequired);
    expect(first(clientRegisterFormSchema, { ...client, fono: '' })).toBe(msg.phoneRequired);
    expect(first(clientRegisterFormSchema, { ...client, pass2: 'otra1234' })).toBe(msg.passwordsDontMatch);
    expect(first(clientRegisterFormSchema, { ...client, rut_cliente: '1234 5678' })).toBe(msg.rut);
    expect(first(clientRegisterFormSchema, { ...client, nombre: 'Ana' })).toBe(msg.fullName);
    expect(first(clientRegisterFormSchema, { ...client, fono: '12345' })).toBe(msg.phone);
    expect(first(clientRegisterFormSchema, { ...client, email: 'a@b' })).toBe(msg.email);
    expect(first(clientRegisterFormSchema, { ...client, nickname: 'a b' })).toBe(msg.nickname);
    expect(first(clientRegisterFormSchema, { ...client, genero: '' })).toBe(msg.genderRequired);
  });
  it('each nickname rule has its own message', () => {
    const nick = (nickname: string) => first(clientRegisterFormSchema, { ...client, nickname });
    expect(nicknameField.safeParse('').error?.issues[0]?.message).toBe(msg.nicknameRequired);
    expect(nick('AnaSoto')).toBe(msg.nicknameUppercase);
    expect(nick('ÁNGELA')).toBe(msg.nicknameUppercase);
    expect(nick('ángela')).toBe(msg.nicknameAccents);
    expect(nick('muñeca')).toBe(msg.nicknameAccents);
    expect(nick('ana_99')).toBe(msg.nickname);
    expect(nick('ana 99')).toBe(msg.nickname);
    expect(nick('abc')).toBe(msg.nicknameTooShort);
    expect(nick('abcdefghijk')).toBe(msg.nicknameTooLong);
    expect(nick('ana99')).toBeNull();
  });
  it('a mismatched repeat is reported even while other fields still fail', () => {
    const r = clientRegisterFormSchema.safeParse({ pass: 'clave123', pass2: 'clave124' });
    expect(r.success).toBe(false);
    const pass2 = r.error?.issues.filter((i) => i.path.join('.') === 'pass2').map((i) => i.message);
    expect(pass2).toEqual([msg.passwordsDontMatch]);
    const empty = clientRegisterFormSchema.safeParse({ pass: 'clave123', pass2: '' });
    expect(empty.error?.issues.find((i) => i.path.join('.') === 'pass2')?.message).toBe(
      msg.passwordRepeatRequired,
    );
  });
  it('both kinds: the two consents must be exactly true (Ley 21.719)', () => {
    for (const schema of [clientRegisterFormSchema, escortRegisterFormSchema]) {
      const valid = schema === clientRegisterFormSchema ? client : escort;
      for (const value of [undefined, false, 'true', 1]) {
        expect(first(schema, { ...valid, acepta_terminos: value })).toBe(msg.consentTermsRequired);
        expect(first(schema, { ...valid, acepta_datos_sensibles: value })).toBe(msg.consentSensitiveRequired);
      }
    }
  });
  it('escort: RUT format, password rules, required texts', () => {
    expect(first(escortRegisterFormSchema, { ...escort, rut_usuario: '12.345.678-0' })).toBe(msg.rutFormat);
    // A migrant escort registers with her passport, as a client does (decision 0145).
    expect(escortRegisterFormSchema.safeParse({ ...escort, rut_usuario: 'AB1234567' }).success).toBe(true);
    expect(first(escortRegisterFormSchema, { ...escort, rut_usuario: 'AB-123/456' })).toBe(msg.rutFormat);
    expect(first(escortRegisterFormSchema, { ...escort, pass: 'a1', pass2: 'a1' })).toBe(
      msg.escortPasswordLength,
    );
    expect(first(escortRegisterFormSchema, { ...escort, pass: '1234567', pass2: '1234567' })).toBe(
      msg.escortPasswordMix,
    );
    expect(first(escortRegisterFormSchema, { ...escort, fono: '' })).toBe(msg.phoneRequired);
    expect(first(escortRegisterFormSchema, { ...escort, fono: '12345' })).toBe(msg.phoneEscort);
    expect(first(escortRegisterFormSchema, { ...escort, email: '' })).toBe(msg.emailRequired);
    expect(first(escortRegisterFormSchema, { ...escort, nickname: '' })).toBe(msg.nicknameRequired);
    expect(first(escortRegisterFormSchema, { ...escort, nombre: '' })).toBe(msg.fullNameRequired);
  });
  it('18+: the latest adult date passes, the next day does not', () => {
    const latest = latestAdultBirthDate(new Date());
    expect(first(clientRegisterFormSchema, { ...client, fecha_nac: latest })).toBeNull();
    const next = new Date(`${latest}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    expect(first(clientRegisterFormSchema, { ...client, fecha_nac: next.toISOString().slice(0, 10) })).toBe(
      msg.underage,
    );
  });
});

describe('typing filters', () => {
  it('the suggested nickname: lowercase, accents and ñ to their letter, no spaces or symbols, max 10', () => {
    expect(normalizeNickname('Ana_María 99!xyzw')).toBe('anamaria99');
    expect(normalizeNickname('Ñandú Sur')).toBe('nandusur');
    expect(nicknameField.safeParse(normalizeNickname('  JOSÉ-7 ')).success).toBe(true);
  });
  it('e-mail without spaces, phone digits only (9), RUT or passport letters/digits/dots/hyphen uppercased', () => {
    expect(inputFilters.email(' a b@c.cl ')).toBe('ab@c.cl');
    expect(inputFilters.phone('9 8-7a6543210')).toBe('987654321');
    // Autofill's "tel" value carries the country code: the 9 national digits stay.
    expect(inputFilters.phone('+56 9 8765 4321')).toBe('987654321');
    expect(inputFilters.phone('0056987654321')).toBe('987654321');
    expect(filterIdInput('12.345.678-k x')).toBe('12.345.678-KX');
    // A passport keeps its letters (decision 0145): 'ab1234567' is not cut to '1234567'.
    expect(filterIdInput('ab 1234567/')).toBe('AB1234567');
  });
});

describe('password schemas', () => {
  it('change form: all required, then match, then the rule', () => {
    expect(first(changePasswordFormSchema, { actual: '', nueva: 'abc1234', repetir: 'abc1234' })).toBe(
      msg.completeAllFields,
    );
    expect(first(changePasswordFormSchema, { actual: 'x', nueva: 'abc1234', repetir: 'abc12345' })).toBe(
      msg.passwordsDontMatch,
    );
    expect(first(changePasswordFormSchema, { actual: 'x', nueva: 'abc12', repetir: 'abc12' })).toBe(
      msg.newPasswordRule,
    );
    // Spaces are allowed now (decision 0050): only the length and letters-and-digits rule remain.
    expect(
      first(changePasswordFormSchema, { actual: 'x', nueva: 'abc 1234', repetir: 'abc 1234' }),
    ).toBeNull();
    // Not one of the common passwords, which the schema refuses once their list is loaded (another test
    // file in the same worker may have loaded it).
    expect(
      first(changePasswordFormSchema, { actual: 'x', nueva: 'mora7351', repetir: 'mora7351' }),
    ).toBeNull();
  });
  it('recovery forms word the required message per screen', () => {
    expect(first(recoveryFormSchema(msg.completeFieldsShort), { codigo: '', nueva: 'a', repetir: 'a' })).toBe(
      msg.completeFieldsShort,
    );
    expect(first(recoveryFormSchema(msg.completeAllFields), { codigo: '1234', nueva: '', repetir: '' })).toBe(
      msg.completeAllFields,
    );
    expect(
      first(recoveryFormSchema(msg.completeAllFields), { codigo: '1234', nueva: 'abc1234', repetir: 'x' }),
    ).toBe(msg.passwordsDontMatch);
    expect(
      first(recoveryFormSchema(msg.completeAllFields), {
        codigo: '12',
        nueva: 'abc1234',
        repetir: 'abc1234',
      }),
    ).toBe(msg.codeInvalid);
  });
  it('nueva-pass body', () => {
    expect(first(newPasswordSchema, { email: '', codigoProvisorio: '1234', nuevaPass: 'abc1234' })).toBe(
      msg.recoveryEmailMissing,
    );
    expect(first(newPasswordSchema, { email: 'a@b.cl', codigoProvisorio: '1234', nuevaPass: '' })).toBe(
      msg.newPasswordRequired,
    );
  });
  it('login needs both fields', () => {
    expect(first(loginSchema, { email: '', pass: '' })).toBe(msg.completeAllFields);
  });
});

describe('accountRutKey', () => {
  it('compares RUTs without dots or hyphen and keeps passports apart', () => {
    expect(accountRutKey('12.345.678-k')).toBe(accountRutKey('12345678K'));
    expect(accountRutKey('AB123456')).not.toBe(accountRutKey('CD123456'));
    expect(accountRutKey('AB123456')).not.toBe(accountRutKey('123456'));
  });
});
