import { APP_PATHS, SIGN_UP_MESSAGES as M } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { MessageDialog } from '../../../components/MessageDialog';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { useLotSizesQuery, useServiceAreaQuery, useSignUpSettingsQuery } from '../api/sign-up-api';
import { FrequencyChoice } from '../components/FrequencyChoice';
import { LotSizeCards } from '../components/LotSizeCards';
import { MowAreaChoice } from '../components/MowAreaChoice';
import { QuoteResult } from '../components/QuoteResult';
import { chooseFrequency, chooseLotSize, quotePrice, toggleMowCut } from '../quote-price';
import { resetSignUp, updateSignUp, useSignUpState } from '../sign-up-state';

type QuotePageProps = {
  productName: string;
  /** The quote link's `address` and `zipcode` (null when the link has none: a reload keeps the stored ones). */
  address: string | null;
  zipcode: string | null;
};

/**
 * The public quote (/web/quote?address=...&zipcode=...): whether the business serves the zip, then frequency, lot
 * size and areas; Get Quote shows 'Your Custom Quote', which recalculates as the choices change. Proceed leads to
 * the sign-up; Cancel to the marketing site. The page is its own small entry (quote-main.tsx), outside the app's router,
 * so Proceed is a plain link: the sign-up page loads the full app.
 */
export function QuotePage({ productName, ...link }: QuotePageProps) {
  const state = useSignUpState();
  const address = link.address ?? state.serviceAddress;
  const zipcode = link.zipcode ?? state.zipcode;
  const area = useServiceAreaQuery(zipcode);
  const lotSizes = useLotSizesQuery(state.marketId);
  const settings = useSignUpSettingsQuery();
  const [isResultShown, setIsResultShown] = useState(false);
  const [isLotMissing, setIsLotMissing] = useState(false);
  const resultRef = useRef<HTMLElement>(null);

  // A new address starts a new quote; the same one (a reload) keeps what was chosen.
  useEffect(() => {
    if (address === state.serviceAddress && zipcode === state.zipcode) return;
    resetSignUp();
    updateSignUp({ serviceAddress: address, zipcode });
  }, [address, zipcode, state.serviceAddress, state.zipcode]);

  useEffect(() => {
    if (!area.data) return;
    const { serviceMarketsId, taxRate, exceptions, city, state: stateCode } = area.data;
    updateSignUp({ marketId: serviceMarketsId, taxRate, exceptions, city, state: stateCode });
  }, [area.data]);

  useEffect(() => {
    if (isResultShown) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [isResultShown]);

  const marketingUrl = settings.data?.marketingUrl ?? '/';
  if (!address || !/^\d{5}$/.test(zipcode)) return <Alert severity="info">{M.quoteLinkMissing}</Alert>;
  const heading = (
    <Typography component="h1" variant="h4">
      {M.quoteHeading(productName)}
    </Typography>
  );
  // While the zip code is checked the heading already shows, where it stays once the form renders: quote.html paints
  // the same heading before the script runs, so the first paint is the page's own and nothing moves.
  if (area.isPending) {
    return (
      <Paper sx={{ p: 3 }}>
        <Stack spacing={3}>
          {heading}
          <PageLoader />
        </Stack>
      </Paper>
    );
  }
  if (area.isError) {
    if (area.error instanceof ApiError && area.error.status === 404) {
      return (
        <Alert severity="warning" action={<Button href={marketingUrl}>Back</Button>}>
          {M.notServed}
        </Alert>
      );
    }
    return <LoadErrorAlert error={area.error} onRetry={() => void area.refetch()} />;
  }

  const options = lotSizes.data ?? [];
  const price = quotePrice(state, options);
  const getQuote = () => {
    if (!price) setIsLotMissing(true);
    else if (isResultShown) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else setIsResultShown(true);
  };

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: 3 }}>
        <Stack spacing={3}>
          {heading}
          <Typography>
            {address}, {area.data.city}, {area.data.state} {zipcode}
          </Typography>
          {state.exceptions && <Alert severity="info">{state.exceptions}</Alert>}
          <FrequencyChoice
            value={state.srvFrecuency}
            onChange={(frequency) => updateSignUp(chooseFrequency(state, frequency))}
          />
          <Stack spacing={1}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              Choose a lot size
            </Typography>
            {lotSizes.isError ? (
              <LoadErrorAlert error={lotSizes.error} onRetry={() => void lotSizes.refetch()} />
            ) : lotSizes.isPending ? (
              <PageLoader label="Loading lot sizes" />
            ) : (
              <LotSizeCards
                options={options}
                value={state.lotSize}
                onChange={(option) => updateSignUp(chooseLotSize(state, option))}
              />
            )}
          </Stack>
          <MowAreaChoice
            state={state}
            onToggle={(cut) => updateSignUp(toggleMowCut(state, cut))}
            onCornerLot={(useCornerLot) => updateSignUp({ useCornerLot })}
          />
          <div>
            <Button variant="contained" size="large" onClick={getQuote}>
              Get Quote
            </Button>
          </div>
        </Stack>
      </Paper>
      {isResultShown && price && (
        <QuoteResult
          ref={resultRef}
          price={price}
          state={state}
          videoUrl={settings.data?.videoUrl ?? null}
          onInfoChange={updateSignUp}
          controls={
            <>
              <FrequencyChoice
                label="Frequency"
                value={state.srvFrecuency}
                onChange={(frequency) => updateSignUp(chooseFrequency(state, frequency))}
              />
              <MowAreaChoice state={state} onToggle={(cut) => updateSignUp(toggleMowCut(state, cut))} />
            </>
          }
          actions={
            <Stack direction="row" spacing={2}>
              <Button variant="contained" size="large" href={APP_PATHS.signUp}>
                Proceed
              </Button>
              <Button size="large" href={marketingUrl} onClick={() => resetSignUp()}>
                Cancel
              </Button>
            </Stack>
          }
        />
      )}
      <MessageDialog
        isOpen={isLotMissing}
        title={M.sorryTitle}
        message={M.lotSizeRequired}
        onClose={() => setIsLotMissing(false)}
      />
    </Stack>
  );
}
