import { describe, expect, it } from 'vitest';
import { plainNote } from '../../src/modules/checkins/plain-note.ts';

/** The check-in note as quoted to a contact: readable, and nothing in it a mail client would link. */
describe('plainNote', () => {
  it('defangs schemes, www., bare domains, addresses and IPv4 addresses', () => {
    expect(
      plainNote(
        'Entra a https://phish.ejemplo.com/login?x=1, www.otro.cl o ejemplo.org; escribe a juan@malo.cl',
      ),
    ).toBe(
      'Entra a hxxps://phish[.]ejemplo[.]com/login?x=1, www[.]otro[.]cl o ejemplo[.]org; escribe a juan[@]malo[.]cl',
    );
    expect(plainNote('HTTP://EVIL.COM ftp://x.y/z 192.168.0.1/admin')).toBe(
      'HxxP://EVIL[.]COM ftp[:]//x[.]y/z 192[.]168[.]0[.]1/admin',
    );
    expect(plainNote('bit.ly/abc xn--80ak6aa92e.com ñandú.cl')).toBe(
      'bit[.]ly/abc xn--80ak6aa92e[.]com ñandú[.]cl',
    );
  });

  it('folds full-width and ideographic dots and drops invisible characters before it looks', () => {
    expect(plainNote('ｗｗｗ．ｅｊｅｍｐｌｏ．ｃｏｍ y ejemplo。com y ex\u200Bample.com')).toBe(
      'www[.]ejemplo[.]com y ejemplo[.]com y example[.]com',
    );
  });

  it('leaves an address, a room number and prices as written, on one line', () => {
    expect(plainNote('Hotel del centro, hab. 512,\n$50.000 (12.5 km)\r\n\tDepto 1204  ')).toBe(
      'Hotel del centro, hab. 512, $50.000 (12.5 km) Depto 1204',
    );
    expect(plainNote('')).toBe('');
  });
});
