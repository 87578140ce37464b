import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A percent field: 0 to 100, up to two decimals, written with a decimal comma. */
export function PercentInput(props: NumberInputProps) {
  return <NumberInput min={0} max={100} decimalScale={2} decimalSeparator="," {...props} />;
}
