import { describe, expect, it } from 'vitest';
import { emailSkeleton, isPlainEmailAddress, plainEmailAddress } from '../../../shared/rules/email-address.js';

describe('the email address rule', () => {
  it('accepts plain addresses as they are, case kept and spaces at the ends dropped', () => {
    for (const address of ['technician@example.com', 'Pat.Fixer@Example.com', "o'brien+wash@mail.example.co.uk", 'a_b-c@xn--bcher-kva.example', 'x@a-b.io']) {
      expect(plainEmailAddress(address), address).toBe(address);
      expect(isPlainEmailAddress(address), address).toBe(true);
    }
    expect(plainEmailAddress('  boss@example.com ')).toBe('boss@example.com');
    expect(isPlainEmailAddress('  boss@example.com ')).toBe(false);
  });

  it('folds compatibility forms (NFKC): full-width is the ASCII address itself', () => {
    expect(plainEmailAddress('ｔｅｃｈｎｉｃｉａｎ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('technician@example.com');
    // A no-break space at the end is a space once normalised.
    expect(plainEmailAddress('boss@example.com\u00a0')).toBe('boss@example.com');
  });

  it('refuses control and format characters anywhere, rather than cleaning them away', () => {
    for (const ch of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e', '\u0000', '\t', '\n', '\r', '\u0085']) {
      const code = `U+${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`;
      expect(plainEmailAddress(`technician@example.com${ch}`), code).toBeNull();
      expect(plainEmailAddress(`${ch}technician@example.com`), code).toBeNull();
      expect(plainEmailAddress(`tech${ch}nician@example.com`), code).toBeNull();
    }
  });

  it('refuses lookalikes made of other scripts or combining marks', () => {
    expect(plainEmailAddress('tеchnician@example.com')).toBeNull(); // Cyrillic е
    expect(plainEmailAddress('technician@еxample.com')).toBeNull();
    expect(plainEmailAddress('te\u0301chnician@example.com')).toBeNull(); // combining acute
    expect(plainEmailAddress('técnico@example.com')).toBeNull();
  });

  it('refuses display names, lists, brackets, quotes, comments, literals and whitespace', () => {
    for (const text of [
      'boss.example.com<attacker@evil.test>',
      'Boss <boss@example.com>',
      '<boss@example.com>',
      'a,b@c.de',
      'a@c.de,b@c.de',
      'a;b@c.de',
      '"boss"@example.com',
      '"a b"@example.com',
      'boss(comment)@example.com',
      'boss@[127.0.0.1]',
      'boss @example.com',
      'bo ss@example.com',
      'boss@exa mple.com',
      'undisclosed:boss@example.com;',
      'a\\b@example.com',
    ]) {
      expect(plainEmailAddress(text), text).toBeNull();
    }
  });

  it('refuses what is not an addr-spec at all', () => {
    for (const text of ['', ' ', 'not-an-email', '@example.com', 'boss@', 'boss@example', 'boss@@example.com', 'a@b@example.com', '.boss@example.com', 'boss.@example.com', 'bo..ss@example.com', 'boss@-example.com', 'boss@example-.com', 'boss@example..com', 'boss@1.2.3.4', `${'a'.repeat(65)}@example.com`, `boss@${'a'.repeat(64)}.com`, `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`]) {
      expect(plainEmailAddress(text), text).toBeNull();
    }
  });
});

describe('the look of an address (skeleton)', () => {
  it('is the lower-case address itself for every address the rule accepts', () => {
    expect(emailSkeleton('Pat.Fixer@Example.com')).toBe('pat.fixer@example.com');
  });

  it('is shared by look-alikes made with other scripts, marks, compatibility forms and invisible characters', () => {
    const real = emailSkeleton('technician@example.com');
    for (const lookalike of ['tеchnician@example.com', 'tеchniсiаn@ехаmple.соm', 'té\u0301chnician@example.com', 'technician@example.com\u200b', 'ｔｅｃｈｎｉｃｉａｎ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'TECHNICIAN@EXAMPLE.COM', 'tεchnιcιαn@εxαmplε.cοm']) {
      expect(emailSkeleton(lookalike), lookalike).toBe(real);
    }
  });

  it('keeps different Latin addresses apart', () => {
    expect(emailSkeleton('bob1@example.com')).not.toBe(emailSkeleton('bobl@example.com'));
    expect(emailSkeleton('rn@example.com')).not.toBe(emailSkeleton('m@example.com'));
  });
});
