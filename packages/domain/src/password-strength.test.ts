import { describe, expect, it } from 'vitest';
import {
  PASSWORD_LEVEL_LABELS,
  PASSWORD_SCORE_THRESHOLDS,
  passwordLevel,
  passwordScore,
  passwordStrength,
  strengthFromScore,
} from './password-strength';

describe('passwordLevel at the spec boundaries', () => {
  it.each([
    [0, 'veryWeak'],
    [19, 'veryWeak'],
    [20, 'weak'],
    [60, 'weak'],
    [61, 'acceptable'],
    [69, 'acceptable'],
    [70, 'good'],
    [89, 'good'],
    [90, 'excellent'],
    [150, 'excellent'],
  ])('score %i is %s', (score, level) => {
    expect(passwordLevel(score)).toBe(level);
  });
});

describe('strengthFromScore', () => {
  it('counts 60 or more as acceptable, even though 60 is still labelled weak', () => {
    expect(strengthFromScore(59).acceptable).toBe(false);
    expect(strengthFromScore(60)).toEqual({
      score: 60,
      level: 'weak',
      percent: (60 / 70) * 100,
      acceptable: true,
    });
    expect(strengthFromScore(61).acceptable).toBe(true);
  });

  it('fills the bar at score / 70, capped at 100', () => {
    expect(strengthFromScore(0).percent).toBe(0);
    expect(strengthFromScore(35).percent).toBe(50);
    expect(strengthFromScore(70).percent).toBe(100);
    expect(strengthFromScore(140).percent).toBe(100);
  });

  it('exposes the spec thresholds and labels', () => {
    expect(PASSWORD_SCORE_THRESHOLDS).toEqual({ veryWeak: 20, weak: 60, acceptable: 70, good: 90 });
    expect(Object.values(PASSWORD_LEVEL_LABELS.es)).toEqual([
      'Muy débil',
      'Débil',
      'Aceptable',
      'Buena',
      'Excelente',
    ]);
  });
});

describe('passwordScore', () => {
  it('scores an empty password 0', () => {
    expect(passwordScore('')).toBe(0);
  });

  it('scores common passwords very weak whatever their letter case', () => {
    for (const pw of ['password', 'Password', 'qwerty123', 'contraseña', 'P@ssw0rd']) {
      expect(passwordStrength(pw).level, pw).toBe('veryWeak');
    }
  });

  it('scores repetitions and runs very weak', () => {
    expect(passwordStrength('aaaaaaaa').level).toBe('veryWeak');
    expect(passwordStrength('abcdefgh').level).toBe('veryWeak');
    expect(passwordStrength('98765432').level).toBe('veryWeak');
  });

  it('scores a single kind of character lower than the same length mixed', () => {
    expect(passwordScore('gatoverde')).toBeLessThan(passwordScore('GatoVerde7'));
    expect(passwordScore('GatoVerde7')).toBeLessThan(passwordScore('G4t0-V3rd3!'));
  });

  it('rewards length', () => {
    expect(passwordScore('Xk9#mP')).toBeLessThan(passwordScore('Xk9#mP2$qL7!'));
  });

  it('scores long mixed passwords excellent', () => {
    expect(passwordStrength('xK9#mP2$qL7!').level).toBe('excellent');
    expect(passwordStrength('Cuba.Libre.1959').level).toBe('excellent');
    expect(passwordStrength('Tr0ub4dor&3').acceptable).toBe(true);
  });
});
