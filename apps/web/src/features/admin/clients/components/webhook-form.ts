import {
  webhookSubscriptionBody,
  type WebhookEventType,
  type WebhookSubscriptionUpdateBody,
  type WebhookSubscriptionView,
} from '@fairway/domain';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodFormResolver } from '../../../../lib/form-validation';
import { i18n } from '../../../../lib/i18n';

export interface WebhookFormValues {
  siteId: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
}

// The form always sends `enabled`, so what the schema answers has every field the form has.
const domainResolver = zodFormResolver<WebhookFormValues, WebhookFormValues>(
  webhookSubscriptionBody as unknown as z.ZodType<WebhookFormValues, WebhookFormValues>,
);

/**
 * The domain's rules for a subscription (the server applies the same), with its messages in the interface
 * language: the shared translation knows "required" and lengths, not an address's scheme, credentials or an
 * empty choice of events, whose English the domain attaches for API callers. The address is trimmed first:
 * a pasted one often ends in a space.
 */
export const webhookFormResolver: Resolver<WebhookFormValues, unknown, WebhookFormValues> = async (
  values,
  context,
  options,
) => {
  const trimmed = { ...values, url: values.url.trim() };
  const result = await domainResolver(trimmed, context, options);
  const { url, events } = result.errors;
  // An empty address keeps the shared "This field is required".
  if (url && trimmed.url !== '') {
    if (url.type === 'invalid_format') url.message = i18n.t('adminWebhooks.validation.url');
    if (url.type === 'custom') url.message = i18n.t('adminWebhooks.validation.noCredentials');
  }
  if (events?.type === 'too_small') events.message = i18n.t('adminWebhooks.validation.events');
  return result;
};

/** What an edit changed, as the update body: only those fields, so nothing the admin left alone is rewritten. */
export function webhookChanges(
  subscription: WebhookSubscriptionView,
  values: WebhookFormValues,
): WebhookSubscriptionUpdateBody {
  const sameEvents =
    values.events.length === subscription.events.length &&
    values.events.every((type) => subscription.events.includes(type));
  return {
    ...(values.url !== subscription.url && { url: values.url }),
    ...(!sameEvents && { events: values.events }),
    ...(values.enabled !== subscription.enabled && { enabled: values.enabled }),
  };
}
