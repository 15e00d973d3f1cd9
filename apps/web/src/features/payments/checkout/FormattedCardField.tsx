import type { SandboxPayBody } from '@fairway/domain';
import TextField from '@mui/material/TextField';
import { useLayoutEffect, useRef } from 'react';
import { useController, type Control } from 'react-hook-form';
import { caretAfterDigits, digitsOf, type CardFormValues } from './card-fields';

interface FormattedCardFieldProps {
  control: Control<CardFormValues, unknown, SandboxPayBody>;
  name: 'cardNumber' | 'expiry' | 'cvc';
  /** Turns what was typed into what the field shows ('42424242' → '4242 4242'). */
  format: (value: string) => string;
  label: string;
  /** The browser's autofill hint: cc-number, cc-exp or cc-csc. */
  autoComplete: string;
  placeholder?: string;
  helperText?: string;
  /** While the payment is on its way: focusable (a refusal may point here) but not editable. */
  readOnly?: boolean;
}

/**
 * A card field that formats as the guest types and opens the phone's number pad. The caret stays after the
 * same digit when the formatting adds or removes a space or slash in front of it. The format caps the
 * length; a maxLength would cut a pasted or autofilled '12/2030' to '12/20' before the format could read it.
 */
export function FormattedCardField({
  control,
  name,
  format,
  label,
  autoComplete,
  placeholder,
  helperText,
  readOnly = false,
}: FormattedCardFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const input = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);

  // After React has written the formatted value: put the caret back where the guest was typing.
  useLayoutEffect(() => {
    const element = input.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (element && caret !== null && document.activeElement === element) {
      element.setSelectionRange(caret, caret);
    }
  });

  return (
    <TextField
      name={field.name}
      value={field.value}
      onChange={(event) => {
        const typed = event.target.value;
        const formatted = format(typed);
        const caret = event.target.selectionStart ?? typed.length;
        // Typing at the end (the usual case) stays at the end, also when a digit was added ('4' → '04').
        pendingCaret.current =
          caret >= typed.length
            ? formatted.length
            : caretAfterDigits(formatted, digitsOf(typed.slice(0, caret)).length);
        field.onChange(formatted);
      }}
      onBlur={field.onBlur}
      inputRef={(element: HTMLInputElement | null) => {
        field.ref(element);
        input.current = element;
      }}
      label={label}
      required
      fullWidth
      placeholder={placeholder}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete, readOnly, spellCheck: false, dir: 'ltr' },
      }}
    />
  );
}
