import { describe, expect, it } from 'vitest';
import { reducedNameOf } from './person-name.js';

describe('reducedNameOf', () => {
  it('keeps the first name and the surname’s initial, whichever way round the name was written', () => {
    expect(reducedNameOf('Иванова Мария')).toBe('Мария И.');
    expect(reducedNameOf('Мария Иванова')).toBe('Мария И.');
    expect(reducedNameOf('Пётр Сидоров')).toBe('Пётр С.');
    expect(reducedNameOf('  Соколов   Павел ')).toBe('Павел С.');
  });

  it('drops the patronymic of a full ФИО', () => {
    expect(reducedNameOf('Иванова Мария Петровна')).toBe('Мария И.');
    expect(reducedNameOf('Мария Петровна Иванова')).toBe('Мария И.');
    expect(reducedNameOf('Смирнов Алексей Ильич')).toBe('Алексей С.');
  });

  it('tells an unlisted first name by what the surname looks like, otherwise takes the form’s order (surname first)', () => {
    expect(reducedNameOf('Снежанна Кузнецова')).toBe('Снежанна К.');
    expect(reducedNameOf('Кузнецова Снежанна')).toBe('Снежанна К.');
    expect(reducedNameOf('Ли Мэй')).toBe('Мэй Л.');
  });

  it('never shows a lone surname or anything whole but a first name', () => {
    expect(reducedNameOf('Мария')).toBe('Мария');
    expect(reducedNameOf('Иванова')).toBe('И.');
    expect(reducedNameOf('')).toBe('');
    expect(reducedNameOf('   ')).toBe('');
    expect(reducedNameOf('Соколов П.')).toBe('П. С.');
  });
});
