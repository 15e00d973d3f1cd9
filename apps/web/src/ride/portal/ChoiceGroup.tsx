import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface Choice {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

/** One step of the booking form: a heading and its options as radio buttons, each a full-width row. */
export function ChoiceGroup({
  title,
  value,
  onChange,
  options,
}: {
  title: string;
  value: string | null;
  onChange: (value: string) => void;
  options: Choice[];
}) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <RadioGroup aria-labelledby={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            disabled={option.disabled}
            control={<Radio />}
            label={option.label}
            sx={{
              m: 0,
              mb: 1,
              pr: 1.5,
              py: 0.5,
              minHeight: 48,
              border: 1,
              borderColor: option.value === value ? 'primary.main' : 'divider',
              borderRadius: 1,
              '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 },
            }}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
