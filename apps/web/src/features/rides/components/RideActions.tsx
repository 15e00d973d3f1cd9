import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import type { RideView } from '@fairway/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useDeleteRide } from '../api/delete-ride';
import { useEndRide } from '../api/end-ride';
import { useResumeRide } from '../api/resume-ride';
import { formatRideMoment } from '../lib/ride-format';
import { useRideLabels } from '../lib/ride-labels';

type RideAction = 'end' | 'resume' | 'delete';

const DONE = {
  end: 'rides.actions.ended',
  resume: 'rides.actions.resumed',
  delete: 'rides.actions.deleted',
} as const;
const FAILED = {
  end: 'rides.actions.endFailed',
  resume: 'rides.actions.resumeFailed',
  delete: 'rides.actions.deleteFailed',
} as const;
const TITLE = {
  end: 'rides.actions.endTitle',
  resume: 'rides.actions.resumeTitle',
  delete: 'rides.actions.deleteTitle',
} as const;
const LABEL = {
  end: 'rides.actions.end',
  resume: 'rides.actions.resume',
  delete: 'rides.actions.delete',
} as const;

interface RideActionsProps {
  siteId: string;
  ride: RideView;
  timeZone: string;
  /** the pane closes: the ride is gone */
  onDeleted: () => void;
}

/**
 * End (open rides), resume (paused rides) and delete, each confirmed first (spec §2, §8). The outcome is a
 * toast, with the server's own message when it refused; the list and the pane refresh either way.
 */
export function RideActions({ siteId, ride, timeZone, onDeleted }: RideActionsProps) {
  const { t, i18n } = useTranslation();
  const labels = useRideLabels();
  const mutations = { end: useEndRide(siteId), resume: useResumeRide(siteId), delete: useDeleteRide(siteId) };
  // The asked action is kept after closing, so the dialog's text stays while it fades out.
  const [asking, setAsking] = useState<RideAction>('end');
  const [open, setOpen] = useState(false);
  const busy = Object.values(mutations).some((mutation) => mutation.isPending);

  const ask = (action: RideAction) => {
    setAsking(action);
    setOpen(true);
  };
  const confirm = () => {
    setOpen(false);
    const action = asking;
    mutations[action].mutate(ride._id, {
      onSuccess: () => {
        showToast(t(DONE[action]), 'success');
        if (action === 'delete') onDeleted();
      },
      onError: (error) =>
        showToast(
          t(FAILED[action], { message: error instanceof ApiError ? error.message : t('errors.unknown') }),
          'error',
        ),
    });
  };

  const cart = labels.cart(ride);
  const messages: Record<RideAction, string> = {
    end: t('rides.actions.endMessage', { cart }),
    resume: t('rides.actions.resumeMessage', { cart }),
    delete: t('rides.actions.deleteMessage', {
      cart,
      date: formatRideMoment(ride.start, i18n.resolvedLanguage, timeZone),
    }),
  };

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        role="group"
        aria-label={t('rides.actions.label')}
        sx={{ flexWrap: 'wrap' }}
      >
        {ride.status === 'paused' && (
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            onClick={() => ask('resume')}
            disabled={busy}
            data-testid="ride-resume"
          >
            {t(LABEL.resume)}
          </Button>
        )}
        {ride.status !== 'ended' && (
          <Button
            variant={ride.status === 'paused' ? 'outlined' : 'contained'}
            startIcon={<StopCircleOutlinedIcon />}
            onClick={() => ask('end')}
            disabled={busy}
            data-testid="ride-end"
          >
            {t(LABEL.end)}
          </Button>
        )}
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => ask('delete')}
          disabled={busy}
          data-testid="ride-delete"
        >
          {t(LABEL.delete)}
        </Button>
      </Stack>
      <ConfirmDialog
        open={open}
        title={t(TITLE[asking])}
        message={messages[asking]}
        confirmLabel={t(LABEL[asking])}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
