import type { CodeView, MemberView } from '@fairway/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useCreateCode } from '../api/create-code';
import { useDeleteCode } from '../api/delete-code';
import { useEmailCode } from '../api/email-code';
import { useUpdateCode } from '../api/update-code';
import { codeCreateBody, codePatchBody, type CodeFormValues } from './code-form';

interface CodeActionsOptions {
  siteId: string;
  member: MemberView;
  code: CodeView | null;
  keypad: boolean;
  onClose: () => void;
}

/**
 * Save, delete and email for the Code dialog, with the §8 toasts. A 409 on save is not a toast: the code
 * is taken, and the dialog says so at the code field ('Code already exists…') until it changes.
 */
export function useCodeActions({ siteId, member, code, keypad, onClose }: CodeActionsOptions) {
  const { t } = useTranslation();
  const create = useCreateCode(siteId);
  const update = useUpdateCode(siteId);
  const remove = useDeleteCode(siteId);
  const email = useEmailCode(siteId);
  const [takenCode, setTakenCode] = useState<string | null>(null);
  const [emailSent, setEmailSent] = useState(code?.emailSent ?? null);

  const failed = (error: Error) =>
    showToast(error instanceof ApiError ? error.message : t('memberCodes.failed'), 'error');

  const save = (values: CodeFormValues) => {
    const handlers = {
      onSuccess: () => {
        showToast(t(code ? 'memberCodes.code.updated' : 'memberCodes.code.created'), 'success');
        onClose();
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.status === 409) setTakenCode(values.code);
        else failed(error);
      },
    };
    if (code) update.mutate({ codeId: code._id, body: codePatchBody(code, values, keypad) }, handlers);
    else create.mutate(codeCreateBody(member, values, keypad), handlers);
  };

  return {
    save,
    remove: (codeId: string) =>
      remove.mutate(codeId, {
        onSuccess: () => {
          showToast(t('memberCodes.code.deleted'), 'success');
          onClose();
        },
        onError: failed,
      }),
    sendEmail: (codeId: string) =>
      email.mutate(codeId, {
        onSuccess: (result) => {
          setEmailSent(result.emailSent);
          showToast(t('memberCodes.code.emailSent', { email: member.email }), 'success');
        },
        onError: failed,
      }),
    takenCode,
    emailSent,
    emailing: email.isPending,
    busy: create.isPending || update.isPending || remove.isPending,
  };
}
