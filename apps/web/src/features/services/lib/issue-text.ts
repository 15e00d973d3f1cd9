import type { TFunction } from 'i18next';
import type { ServiceIssue } from './service-form';

/** A form problem in the interface language. */
export const issueText = (t: TFunction, issue: ServiceIssue): string =>
  t(`services.errors.${issue.key}`, issue.values ?? {});

/** The first problem at exactly `path`, if any. */
export const issueAt = (issues: readonly ServiceIssue[], path: string): ServiceIssue | undefined =>
  issues.find((issue) => issue.path === path);
