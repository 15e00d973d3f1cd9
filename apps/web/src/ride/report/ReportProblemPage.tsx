import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DamageCategory, DamageReportReceipt } from '@fairway/domain';
import {
  DAMAGE_CATEGORIES,
  DAMAGE_REPORT_LIMITS,
  damageBlocksCart,
} from '@fairway/domain/rules/damage-reports';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '../api/errors';
import { isAbort, isGuestApiError } from '../api/http';
import { CartLoadError } from '../components/CartLoadError';
import { RideLayout } from '../components/RideLayout';
import { LoadingSkeleton } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import type { Translate } from '../i18n/translator';
import { cartTitle } from '../lib/cart-title';
import { formatPercent, formatWait } from '../lib/format';
import { useResource } from '../lib/use-resource';
import { loadCart } from '../pages/home/cart-cache';
import { linkProps } from '../router/navigation';
import { ridePaths } from '../router/routes';
import { reportMessages, type ReportMessages } from './locales';
import { PhotoField, useChosenPhoto } from './PhotoField';
import { sendReport } from './report-api';

type Sending = { progress: number } | null;

/**
 * /ride/:id/report (issue 23): a guest tells the club what is wrong with the cart — a category, a few words,
 * a photo — without logging in. Flat tyre, battery and damage take the cart out of use at once; the page
 * says so before sending and after.
 */
export default function ReportProblemPage({ deviceId }: { deviceId: string }) {
  const { t } = useI18n();
  const rt = useNamespace(reportMessages);
  const cart = useResource(`cart:${deviceId}`, (signal) => loadCart(deviceId, signal));
  const [receipt, setReceipt] = useState<DamageReportReceipt | null>(null);

  if (cart.error) return <CartLoadError error={cart.error} onRetry={cart.reload} />;
  if (!cart.data)
    return (
      <RideLayout title={t('app.loading')}>
        <LoadingSkeleton />
      </RideLayout>
    );
  const title = cartTitle(t, cart.data);
  return (
    <RideLayout
      title={rt('title')}
      site={{ name: cart.data.siteName, logoUrl: cart.data.siteLogoUrl }}
      back={{ to: ridePaths.home(deviceId), label: rt('back') }}
    >
      {receipt ? (
        <SentPanel receipt={receipt} deviceId={deviceId} onAgain={() => setReceipt(null)} />
      ) : (
        <Stack spacing={3}>
          <Stack spacing={1}>
            <Typography variant="h4" component="h1">
              {rt('title')}
            </Typography>
            <Typography color="text.secondary">{title}</Typography>
            <Typography>{rt('intro')}</Typography>
          </Stack>
          <ReportForm deviceId={deviceId} onSent={setReceipt} />
        </Stack>
      )}
    </RideLayout>
  );
}

function ReportForm({
  deviceId,
  onSent,
}: {
  deviceId: string;
  onSent: (receipt: DamageReportReceipt) => void;
}) {
  const { t, locale } = useI18n();
  const rt = useNamespace(reportMessages);
  const [category, setCategory] = useState<DamageCategory | null>(null);
  const [description, setDescription] = useState('');
  const [photo, setPhoto] = useChosenPhoto();
  const [sending, setSending] = useState<Sending>(null);
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const choosePhoto = (file: File | null) => {
    setError(null);
    // Refused here at once, rather than after minutes of uploading; the server checks again.
    if (file && file.size > DAMAGE_REPORT_LIMITS.photoMaxBytes) {
      setError(rt('errors.photoTooLarge', { size: megabytes(locale) }));
      return;
    }
    if (file && file.type !== '' && !file.type.startsWith('image/')) {
      setError(rt('errors.photoNotAnImage'));
      return;
    }
    setPhoto(file);
  };

  async function submit() {
    if (!category) {
      setError(rt('errors.chooseCategory'));
      return;
    }
    setError(null);
    setSending({ progress: 0 });
    abort.current = new AbortController();
    try {
      const receipt = await sendReport(
        deviceId,
        { category, description: description.trim(), photo: photo?.file ?? null },
        (progress) => setSending({ progress }),
        abort.current.signal,
      );
      onSent(receipt);
    } catch (failure) {
      if (isAbort(failure)) return;
      setError(reportErrorText(t, rt, failure, locale));
    } finally {
      setSending(null);
    }
  }

  const busy = sending !== null;
  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void submit();
      }}
    >
      <FormControl component="fieldset" disabled={busy}>
        <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, mb: 1 }}>
          {rt('category.label')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          value={category ?? ''}
          onChange={(_event, value) => {
            setError(null);
            setCategory(value as DamageCategory);
          }}
        >
          {DAMAGE_CATEGORIES.map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={rt(`category.${option}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {category && damageBlocksCart(category) && (
        <Alert severity="warning" role="note">
          {rt('blocks')}
        </Alert>
      )}
      <TextField
        label={rt('description.label')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={3}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: DAMAGE_REPORT_LIMITS.descriptionMax } }}
        helperText={rt('description.count', {
          count: new Intl.NumberFormat(locale).format(description.length),
          max: new Intl.NumberFormat(locale).format(DAMAGE_REPORT_LIMITS.descriptionMax),
        })}
      />
      <PhotoField photo={photo} disabled={busy} onChange={choosePhoto} />
      {error && (
        <Alert severity="error" role="alert" ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      )}
      {sending && (
        <Stack spacing={1} role="status" aria-live="polite">
          <Typography>{rt('sending', { percent: formatPercent(sending.progress * 100, locale) })}</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(sending.progress * 100)}
            aria-label={rt('progress')}
          />
        </Stack>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {rt('send')}
      </Button>
    </Stack>
  );
}

function SentPanel({
  receipt,
  deviceId,
  onAgain,
}: {
  receipt: DamageReportReceipt;
  deviceId: string;
  onAgain: () => void;
}) {
  const { t } = useI18n();
  const rt = useNamespace(reportMessages);
  return (
    <Stack spacing={2} role="status" aria-live="polite">
      <Typography variant="h4" component="h1">
        {rt('sent.title')}
      </Typography>
      <Typography>{rt('sent.staffTold')}</Typography>
      {receipt.cartBlocked && (
        <Alert severity="info" role="note">
          {rt('sent.blocked')}
        </Alert>
      )}
      <Button variant="contained" size="large" fullWidth {...linkProps(ridePaths.home(deviceId))}>
        {t('app.backToCart')}
      </Button>
      <Button variant="text" onClick={onAgain}>
        {rt('sent.again')}
      </Button>
    </Stack>
  );
}

const megabytes = (locale: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 }).format(
    DAMAGE_REPORT_LIMITS.photoMaxBytes / (1024 * 1024),
  );

/**
 * What the guest is told when the report did not go through: the report's own refusals (the photo, the
 * limits with their wait) in the page's words, everything else (offline, timeout) as the guest app says it.
 */
function reportErrorText(
  t: Translate,
  rt: Translate<ReportMessages>,
  error: unknown,
  locale: string,
): string {
  if (!isGuestApiError(error)) return errorText(t, error);
  if (error.code === 'photoTooLarge' || error.status === 413)
    return rt('errors.photoTooLarge', { size: megabytes(locale) });
  if (error.code === 'photoNotAnImage') return rt('errors.photoNotAnImage');
  if (error.code === 'invalidField') return rt('errors.invalid');
  if (error.status === 429) return rt('errors.limit', { minutes: formatWait(error.retryAfter ?? 60) });
  return errorText(t, error);
}
