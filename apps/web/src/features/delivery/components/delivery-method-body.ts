import {
  type DeliveryKind,
  type DeliveryMethodBody,
  deliveryMethodBodySchema,
  type DeliveryMethodView,
  formatPhone,
  type User,
} from '@vmeste/contract';
import { isApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/form-errors';
import type { PickedAddress } from './courier-address-fields';
import { parseInRussian } from '@/lib/form-errors';

/** The form's fields, flat: the body nests the address and the recipient, the form shows them side by side. */
export type MethodFormValues = {
  kind: DeliveryKind;
  cityCode: string;
  pointCode: string;
  address: string;
  postalCode: string;
  city: string;
  details: string;
  phone: string;
  name: string;
  surname: string;
};

/** What the form starts with: the method being edited, or the signed-in client as the recipient. */
export function initialValuesOf(
  method: DeliveryMethodView | null,
  user: Pick<User, 'phone' | 'name' | 'surname'> | null,
): MethodFormValues {
  const recipient = method?.recipient ?? user;
  return {
    kind: method?.kind ?? 'boxberry',
    cityCode: method?.point?.cityCode ?? '',
    pointCode: method?.point?.code ?? '',
    address: method?.address?.value ?? '',
    postalCode: method?.address?.postalCode ?? '',
    city: method?.address?.city ?? '',
    details: method?.address?.details ?? '',
    phone: recipient?.phone ? formatPhone(recipient.phone) : '',
    name: recipient?.name ?? '',
    surname: recipient?.surname ?? '',
  };
}

/** The body of the chosen kind; coordinates go only while the address is still the suggestion they came with. */
export function methodBodyOf(values: MethodFormValues, picked: PickedAddress | null, isDefault: boolean): DeliveryMethodBody {
  const recipient = { phone: values.phone, name: values.name, surname: values.surname };
  switch (values.kind) {
    case 'boxberry':
      return { kind: 'boxberry', pointCode: values.pointCode, recipient, isDefault };
    case 'courier': {
      const isPicked = picked !== null && picked.value === values.address;
      return {
        kind: 'courier',
        address: {
          value: values.address,
          postalCode: values.postalCode,
          city: values.city,
          lat: isPicked ? picked.lat : null,
          lon: isPicked ? picked.lon : null,
          details: values.details,
        },
        recipient,
        isDefault,
      };
    }
    case 'pickup':
      return { kind: 'pickup', recipient, isDefault };
  }
}

const formFields: Record<string, keyof MethodFormValues> = {
  pointCode: 'pointCode',
  address: 'address',
  'address.value': 'address',
  'address.lat': 'address',
  'address.lon': 'address',
  'address.postalCode': 'postalCode',
  'address.city': 'city',
  'address.details': 'details',
  'recipient.phone': 'phone',
  'recipient.name': 'name',
  'recipient.surname': 'surname',
};

/** The form's field for a path of the body (`recipient.phone` → `phone`), or undefined for the form as a whole. */
export function formFieldOf(path: string): keyof MethodFormValues | undefined {
  return formFields[path];
}

/** The contract's checks of the body, each message under its field of the form (the rest under the kind); null when the body passes. */
export function methodFieldErrorsOf(body: DeliveryMethodBody): FieldErrors | null {
  const parsed = parseInRussian(deliveryMethodBodySchema, body);
  if (parsed.success) return null;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.')) ?? 'kind';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A server error about a nested field of the body, renamed to the form's field so it shows under it. */
export function withFormField(error: unknown): unknown {
  if (!isApiError(error) || !error.field) return error;
  const field = formFieldOf(error.field);
  const { field: _nested, ...rest } = error;
  return field ? { ...rest, field } : rest;
}
