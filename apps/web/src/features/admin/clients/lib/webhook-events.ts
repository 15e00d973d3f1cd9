import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@fairway/domain';

type KindOf<T> = T extends `${infer Kind}.${string}` ? Kind : never;
/** What an event is about: the part of its name before the dot (`ride` of `ride.started`). */
export type WebhookEventKind = KindOf<WebhookEventType>;

export const webhookEventKind = (type: WebhookEventType): WebhookEventKind =>
  type.slice(0, type.indexOf('.')) as WebhookEventKind;

export interface WebhookEventGroup {
  kind: WebhookEventKind;
  events: WebhookEventType[];
}

/**
 * The event types grouped by kind, in the domain's order, for the form's checkboxes: derived from the names,
 * so an event the domain adds shows up in its group without a change here.
 */
export const WEBHOOK_EVENT_GROUPS: readonly WebhookEventGroup[] = WEBHOOK_EVENT_TYPES.reduce<
  WebhookEventGroup[]
>((groups, type) => {
  const kind = webhookEventKind(type);
  const group = groups.find((candidate) => candidate.kind === kind);
  if (group) group.events.push(type);
  else groups.push({ kind, events: [type] });
  return groups;
}, []);

/** The chosen events in the domain's order (a set of checkboxes ticks them in any order). */
export const inDomainOrder = (events: readonly WebhookEventType[]): WebhookEventType[] =>
  WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
