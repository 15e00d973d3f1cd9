import { publicProfileUpdate, type PublicProfileView } from '@fairway/domain';
import type { z } from 'zod';

/**
 * The summary dialog's form: the domain's `publicProfileUpdate` (the server's own rules: display name
 * required, website normalised and checked) with every text field present. The Active switch saves apart.
 */
export const publicProfileForm = publicProfileUpdate.omit({ active: true }).required({
  name: true,
  description: true,
  termsAndConditions: true,
  website: true,
  address: true,
});
export type PublicProfileFormValues = z.input<typeof publicProfileForm>;
export type PublicProfileFormOutput = z.output<typeof publicProfileForm>;

export const formValuesOf = (profile: PublicProfileView): PublicProfileFormValues => ({
  name: profile.name,
  description: profile.description,
  website: profile.website,
  termsAndConditions: profile.termsAndConditions,
  address: { ...profile.address },
});

/** 'Street, Postcode City, Country', skipping what is empty. */
export function formatAddress(address: PublicProfileView['address']): string {
  const town = [address.postcode, address.city]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return [address.street.trim(), town, address.country.trim()].filter(Boolean).join(', ');
}
