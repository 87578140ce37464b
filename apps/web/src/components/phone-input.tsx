import { InputBase, type InputBaseProps } from '@mantine/core';
import { PHONE_MASK } from '@vmeste/contract';
import { IMaskInput } from 'react-imask';

/** The mask alphabet of the specification: 9 a digit, a a letter, * a letter or a digit. */
export const maskDefinitions = {
  '9': /[0-9]/,
  a: /[a-zA-Zа-яА-ЯёЁ]/,
  '*': /[0-9a-zA-Zа-яА-ЯёЁ]/,
};

type Props = InputBaseProps & {
  value: string;
  onChange: (value: string) => void;
  mask?: string;
  name?: string;
  autoComplete?: string;
  placeholder?: string;
};

/** A masked input (by default the Russian phone mask `+7 (999) 999-99-99`); the value keeps the mask. */
export function PhoneInput({ value, onChange, mask = PHONE_MASK, ...props }: Props) {
  return (
    <InputBase
      {...props}
      component={IMaskInput}
      {...({ mask, definitions: maskDefinitions, prepareChar: dropLeadingEight, onAccept: (next: string) => onChange(next) } as object)}
      value={value}
      inputMode="tel"
      type="tel"
    />
  );
}

/** The digits typed into the masked phone, without the mask's +7: a part of the number for a search. */
export function typedPhoneDigits(masked: string): string {
  return masked.replace(/^\+7/, '').replace(/\D/g, '');
}

/** Russians often start a number with 8; the mask already holds +7, so a leading 8 is dropped. */
function dropLeadingEight(char: string, masked: { unmaskedValue: string }): string {
  return masked.unmaskedValue === '' && char === '8' ? '' : char;
}
