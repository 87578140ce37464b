import { DateInput } from '@mantine/dates';
import type { useFormFields } from '@/lib/use-form-fields';
import { moscowToday, parseTypedDay } from './logistics-texts';

type AppliesFromForm = Pick<ReturnType<typeof useFormFields<{ appliesFrom: string }>>, 'values' | 'set' | 'errors'>;

/** «Действует с»: the first day of a new price-list version, today (Moscow) or later, typed or picked. */
export function AppliesFromInput({ form }: { form: AppliesFromForm }) {
  return (
    <DateInput
      label="Действует с"
      withAsterisk
      valueFormat="DD.MM.YYYY"
      dateParser={parseTypedDay}
      minDate={moscowToday()}
      placeholder="ДД.ММ.ГГГГ"
      value={form.values.appliesFrom || null}
      onChange={(day) => form.set('appliesFrom', day ?? '')}
      error={form.errors.appliesFrom}
      w={200}
    />
  );
}
