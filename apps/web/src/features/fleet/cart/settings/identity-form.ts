import { cartEditable, type CartView, type DevicePatchBody } from '@fairway/domain';
import { z } from 'zod';

/**
 * The cart's own settings form. The rules are the domain's (car number digits only, code 6 digits, the
 * lengths); an empty unlock code field clears the code.
 */
export const identityForm = z.object({
  carNumber: cartEditable.shape.carNumber.unwrap(),
  carName: cartEditable.shape.carName.unwrap(),
  lockCode: z
    .string()
    .transform((value) => (value === '' ? null : value))
    .pipe(cartEditable.shape.lockCode.unwrap()),
  bookableOnline: z.boolean(),
});

export type IdentityFormValues = z.input<typeof identityForm>;
export type IdentityFormOutput = z.output<typeof identityForm>;

export const identityValuesOf = (cart: CartView): IdentityFormValues => ({
  carNumber: cart.carNumber ?? '',
  carName: cart.carName,
  lockCode: cart.lockCode ?? '',
  bookableOnline: cart.bookableOnline,
});

/** Only what the operator changed goes to the server (each field has its own role rule there). */
export function identityChanges(cart: CartView, values: IdentityFormOutput): DevicePatchBody['updateData'] {
  const changes: DevicePatchBody['updateData'] = {};
  if (values.carNumber !== cart.carNumber) changes.carNumber = values.carNumber;
  if (values.carName !== cart.carName) changes.carName = values.carName;
  if (values.lockCode !== cart.lockCode) changes.lockCode = values.lockCode;
  if (values.bookableOnline !== cart.bookableOnline) changes.bookableOnline = values.bookableOnline;
  return changes;
}
