import { APP_PATHS, FREQUENCIES, SIGN_UP_MESSAGES as M } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { formatPlainDate } from '../../../lib/dates';
import { formatMoney, formatPercent, formatPhone } from '../../../lib/format';
import { useLotSizesQuery } from '../api/sign-up-api';
import { quotePrice } from '../quote-price';
import { resetSignUp, signUpStore, type AddressSet, type SignUpState } from '../sign-up-state';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 500 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {value || '-'}
      </Box>
    </>
  );
}

function AddressRows({ set }: { set: AddressSet }) {
  return (
    <>
      <Row label="Address" value={set.address} />
      <Row label="City" value={set.city} />
      <Row label="Zip" value={set.zipcode} />
      <Row label="State" value={set.state} />
    </>
  );
}

/** What to mow, in words: Front, Back, or Front and Back. */
const areasOf = (state: SignUpState) =>
  state.mowCut.filter((cut) => cut === 'Front' || cut === 'Back').join(' and ') || '-';

/**
 * Success (/web/success): the order as sent, with the estimate disclaimer. The sign-up state is cleared on arrival (the
 * page keeps its own copy), so a new visitor on this device starts afresh.
 */
export function SuccessPage() {
  const [order] = useState<SignUpState>(() => signUpStore.getState());
  const lotSizes = useLotSizesQuery(order.marketId);
  useEffect(() => {
    if (order.accountNumber) resetSignUp();
  }, [order.accountNumber]);

  if (!order.accountNumber) {
    return (
      <Alert severity="info" action={<Button href={APP_PATHS.quote}>Get a quote</Button>}>
        {M.nothingToShow}
      </Alert>
    );
  }
  const price = quotePrice(order, lotSizes.data ?? []);
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={3}>
        <Typography component="h1" variant="h4">
          {M.successTitle}
        </Typography>
        <Typography>{M.successText}</Typography>
        <Typography>
          Your account number is <strong>{order.accountNumber}</strong>.
        </Typography>
        <Section title="Service Address">
          <Row label="Name" value={`${order.firstName} ${order.lastName}`} />
          <Row label="Address" value={order.serviceAddress} />
          <Row label="City" value={order.city} />
          <Row label="Zip" value={order.zipcode} />
          <Row label="State" value={order.state} />
          <Row label="Phone" value={formatPhone(order.contactNumber)} />
          <Row label="Email" value={order.email} />
        </Section>
        <Section title="Billing Address">
          <AddressRows set={order.billing} />
        </Section>
        <Section title="Mailing Address">
          <AddressRows set={order.mailing} />
        </Section>
        <Section title="Mowing Details">
          <Row label="Lot size" value={order.lotSize} />
          <Row label="Frequency" value={FREQUENCIES[order.srvFrecuency]} />
          <Row label="What to mow" value={areasOf(order)} />
          <Row label="Bag grass" value={order.mowCut.includes('BagGrass') ? 'Yes' : 'No'} />
          <Row label="Cost" value={price ? formatMoney(price.subtotal) : ''} />
          <Row label="Tax" value={price ? `${formatMoney(price.tax)} (${formatPercent(order.taxRate)})` : ''} />
          <Row label="Service start date" value={formatPlainDate(order.serviceDate)} />
          <Row label="Exceptions" value={order.exceptions} />
        </Section>
        <Alert severity="info">{M.estimateDisclaimer}</Alert>
      </Stack>
    </Paper>
  );
}
