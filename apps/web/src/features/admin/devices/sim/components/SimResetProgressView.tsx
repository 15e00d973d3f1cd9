import { SIM_RESET_STEPS, type SimResetProgress } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The four steps of a SIM reset (disable the endpoint, enable it, suspend the SIM, activate it; spec §4) as a
 * stepper with a bar: finished steps ticked, the running one active, a failed one marked with the provider's reason.
 */
export function SimResetProgressView({ progress }: { progress: SimResetProgress }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const failed = progress.state === 'failed';
  const done = progress.state === 'done';
  const percent = Math.round((progress.step / progress.steps) * 100);
  // On a phone the steps start below the buttons: bring them into view as the reset begins.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <Box ref={box} data-testid="sim-reset-progress" data-step={progress.step} data-state={progress.state}>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        {t('adminFirmware.sim.reset.progressTitle')}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={failed ? 'error' : done ? 'success' : 'primary'}
        aria-label={t('adminFirmware.sim.reset.progressLabel', {
          step: progress.step,
          steps: progress.steps,
        })}
        sx={{ mb: 2 }}
      />
      <Stepper
        activeStep={done ? SIM_RESET_STEPS.length : progress.step}
        orientation={narrow ? 'vertical' : 'horizontal'}
        alternativeLabel={!narrow}
      >
        {SIM_RESET_STEPS.map((step, index) => (
          <Step key={step} completed={index < progress.step}>
            <StepLabel error={failed && index === progress.step}>
              {t(`adminFirmware.sim.reset.steps.${step}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {progress.state === 'running' && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('adminFirmware.sim.reset.running', {
              step: Math.min(progress.step + 1, progress.steps),
              steps: progress.steps,
            })}
          </Typography>
        )}
        {done && <Alert severity="success">{t('adminFirmware.sim.reset.done')}</Alert>}
        {failed && (
          <Alert severity="error">
            {t('adminFirmware.sim.reset.failed', { step: Math.min(progress.step + 1, progress.steps) })}
            {progress.error ? ` ${progress.error}` : ''}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
