import { PhoneInput } from '@/components/phone-input';

type Props = { value: string; onChange(phone: string): void; error?: string | undefined };

/** The account's phone, asked the same way by sign-in, sign-up and the reset request. */
export function AccountPhoneField({ value, onChange, error }: Props) {
  return (
    <PhoneInput
      label="Телефон"
      name="phone"
      autoComplete="tel"
      placeholder="+7 (___) ___-__-__"
      value={value}
      onChange={onChange}
      error={error}
      required
    />
  );
}
