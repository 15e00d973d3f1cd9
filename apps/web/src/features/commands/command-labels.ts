import { COMMAND_CODES, type CommandView } from '@fairway/domain';
import type { TFunction } from 'i18next';

type CommandCodeName = keyof typeof COMMAND_CODES;

const CODE_NAMES = new Map<number, CommandCodeName>(
  Object.entries(COMMAND_CODES).map(([name, code]) => [code, name as CommandCodeName]),
);

/** What the operator calls a command: Lock, Unlock, Reboot, Sound …, or "Custom command 42". */
export function commandLabel(t: TFunction, command: Pick<CommandView, 'name' | 'code'>): string {
  if (command.name !== 'ping') return t(`commands.names.${command.name}`);
  const codeName = command.code === null ? undefined : CODE_NAMES.get(command.code);
  return codeName ? t(`commands.codes.${codeName}`) : t('commands.customCode', { code: command.code ?? '' });
}
