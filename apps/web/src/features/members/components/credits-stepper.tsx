import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  canDecrement,
  canIncrement,
  creditsStateUnlimited,
  readCreditsInput,
  type CreditsAction,
  type CreditsInputError,
  type CreditsState,
} from '@fairway/domain';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';

const ERROR_KEYS = {
  required: 'memberCodes.credits.errors.required',
  notNumber: 'memberCodes.credits.errors.notNumber',
  notWhole: 'memberCodes.credits.errors.notWhole',
  tooLarge: 'memberCodes.credits.errors.tooLarge',
} as const satisfies Record<CreditsInputError, string>;

interface CreditsStepperProps {
  state: CreditsState;
  dispatch: Dispatch<CreditsAction>;
}

/** The credits number with minus and plus around it; a negative number reads as unlimited. */
export function CreditsStepper({ state, dispatch }: CreditsStepperProps) {
  const { t } = useTranslation();
  const read = readCreditsInput(state.text);
  const error = 'error' in read ? t(ERROR_KEYS[read.error]) : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <IconButton
        aria-label={t('memberCodes.credits.decrement')}
        disabled={!canDecrement(state)}
        onClick={() => dispatch({ type: 'decrement' })}
        sx={{ mt: 1 }}
      >
        <RemoveIcon />
      </IconButton>
      <TextField
        label={t('memberCodes.credits.label')}
        value={state.text}
        onChange={(event) => dispatch({ type: 'typed', text: event.target.value })}
        error={error !== undefined}
        helperText={error ?? (creditsStateUnlimited(state) ? t('memberCodes.credits.unlimitedHint') : ' ')}
        fullWidth
        autoFocus
        // Text, not type=number: a number input hides what was typed when it is not a number.
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <IconButton
        aria-label={t('memberCodes.credits.increment')}
        disabled={!canIncrement(state)}
        onClick={() => dispatch({ type: 'increment' })}
        sx={{ mt: 1 }}
      >
        <AddIcon />
      </IconButton>
    </Stack>
  );
}
