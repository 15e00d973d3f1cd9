import type { ServerToClientEvents } from '@fairway/domain';
import { useEffect, useEffectEvent } from 'react';

/**
 * Socket events that are not cart state (command outcomes, zone changes and alerts, ride changes): the site socket
 * relays them here and features subscribe with `useSocketEvent`, so no feature owns the socket itself.
 */
export type RelayedEvent =
  | 'command:update'
  | 'zones:update'
  | 'zone:alert'
  | 'ride:update'
  | 'booking:update'
  | 'course:update'
  | 'ride:overrun'
  | 'damage-report:update';
export const RELAYED_EVENTS: readonly RelayedEvent[] = [
  'command:update',
  'zones:update',
  'zone:alert',
  'ride:update',
  'booking:update',
  'course:update',
  'ride:overrun',
  'damage-report:update',
];

type Payload<E extends RelayedEvent> = Parameters<ServerToClientEvents[E]>[0];
type Listener<E extends RelayedEvent> = (payload: Payload<E>) => void;

const listeners = new Map<RelayedEvent, Set<Listener<RelayedEvent>>>();

export function onSocketEvent<E extends RelayedEvent>(event: E, listener: Listener<E>): () => void {
  const set = listeners.get(event) ?? new Set();
  listeners.set(event, set);
  set.add(listener as Listener<RelayedEvent>);
  return () => set.delete(listener as Listener<RelayedEvent>);
}

export function relaySocketEvent<E extends RelayedEvent>(event: E, payload: Payload<E>): void {
  for (const listener of listeners.get(event) ?? []) listener(payload);
}

/** Calls `handler` for every `event` while the component is mounted (the latest handler, no re-subscribe). */
export function useSocketEvent<E extends RelayedEvent>(event: E, handler: Listener<E>): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => onSocketEvent(event, (payload) => onEvent(payload)), [event]);
}
