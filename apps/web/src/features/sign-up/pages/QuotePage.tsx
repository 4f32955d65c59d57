import {
  APP_PATHS,
  hasAreaToMow,
  QUOTE_START_MESSAGES,
  SIGN_UP_MESSAGES as M,
  type QuoteStart,
  ZIP_PATTERN,
} from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api-client';
import { usePublicSettingsQuery } from '../../../lib/public-settings';
import { useLotSizesQuery, useServiceAreaQuery } from '../api/sign-up-api';
import { FrequencyChoice } from '../components/FrequencyChoice';
import { LotSizeCards } from '../components/LotSizeCards';
import { MowAreaChoice } from '../components/MowAreaChoice';
import { chooseFrequency, chooseLotSize, quotePrice, toggleMowCut } from '../quote-price';
import { resetSignUp, updateSignUp, useSignUpState } from '../sign-up-state';

// What the page shows only after the prospect acts (the result after Get Quote, the notice when no lot is chosen) is
// loaded on demand: on a phone, every module in the first script is parsed and run before the form can answer a tap.
const loadQuoteResult = () => import('../components/QuoteResult');
const QuoteResult = lazy(() => loadQuoteResult().then((module) => ({ default: module.QuoteResult })));
const MessageDialog = lazy(() =>
  import('../../../components/MessageDialog').then((module) => ({ default: module.MessageDialog })),
);
// Only a visitor without a quote link needs the start's address search, and only one outside the zones the lead form.
const QuoteStartForm = lazy(() =>
  import('../components/QuoteStartForm').then((module) => ({ default: module.QuoteStartForm })),
);
const LeadForm = lazy(() => import('../components/LeadForm').then((module) => ({ default: module.LeadForm })));

type QuotePageProps = {
  productName: string;
  /** The quote link's `address` and `zipcode` (null when the link has none: a reload keeps the stored ones). */
  address: string | null;
  zipcode: string | null;
  /**
   * Whether quote.html painted the heading before the script ran: the server paints it only for a zip the business
   * serves, and the page then keeps it while the zip is checked, so it neither blinks nor promises an unserved area.
   */
  isHeadingPainted: boolean;
  /** Opens the quote of the address the start form was given (the page's own link with that address and zip). */
  onStart: (start: QuoteStart) => void;
};

/**
 * The public quote (/web/quote?address=...&zipcode=...): whether the business serves the zip, then frequency, lot
 * size and areas; Get Quote shows 'Your Custom Quote', which recalculates as the choices change. Proceed leads to
 * the sign-up; Cancel to the marketing site, or back to the quote's start when none is configured. Without a link's
 * address (and nothing quoted before) the page starts with the address and zip code form; a zip the business does not
 * serve offers the lead form. The page is its own small entry (quote-main.tsx), outside the app's router, so Proceed
 * is a plain link: the sign-up page loads the full app.
 */
export function QuotePage({ productName, isHeadingPainted, onStart, ...link }: QuotePageProps) {
  const state = useSignUpState();
  const address = link.address ?? state.serviceAddress;
  const zipcode = link.zipcode ?? state.zipcode;
  const area = useServiceAreaQuery(zipcode);
  const lotSizes = useLotSizesQuery(state.marketId);
  const settings = usePublicSettingsQuery();
  const [isResultShown, setIsResultShown] = useState(false);
  const [isLotMissing, setIsLotMissing] = useState(false);
  // The notice is mounted from the first time it is needed, then kept, so it closes with its transition.
  const [hasLotNotice, setHasLotNotice] = useState(false);
  const resultRef = useRef<HTMLElement>(null);
  // The result arrives in its own chunk, so it is brought into view when it mounts rather than when it is asked for.
  const attachResult = useCallback((node: HTMLElement | null) => {
    resultRef.current = node;
    node?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  // Set by Cancel and Back: the page is being left, so the link's address must not start a quote again meanwhile.
  const isLeaving = useRef(false);

  // A new address starts a new quote; the same one (a reload) keeps what was chosen.
  useEffect(() => {
    if (isLeaving.current || (address === state.serviceAddress && zipcode === state.zipcode)) return;
    resetSignUp();
    updateSignUp({ serviceAddress: address, zipcode });
  }, [address, zipcode, state.serviceAddress, state.zipcode]);

  useEffect(() => {
    if (!area.data) return;
    const { serviceMarketsId, taxRate, exceptions, city, state: stateCode } = area.data;
    updateSignUp({ marketId: serviceMarketsId, taxRate, exceptions, city, state: stateCode });
  }, [area.data]);

  // Choosing a lot size is the step before Get Quote: fetch the result's chunk then, so it is there when asked for.
  useEffect(() => {
    if (state.lotSize) void loadQuoteResult();
  }, [state.lotSize]);

  // Leaving the quote forgets it: the marketing site, or, when none is configured, the quote's own start.
  const leaveUrl = settings.data?.marketingUrl ?? APP_PATHS.quote;
  // The forgetting must outlast the navigation: without the flag, the cleared state would make the effect above store
  // the link's address again before the next page reads it.
  const leave = () => {
    isLeaving.current = true;
    resetSignUp();
  };
  if (!address || !ZIP_PATTERN.test(zipcode)) {
    return (
      <Suspense fallback={<PageLoader />}>
        <QuoteStartForm initial={{ serviceAddress: address, zipcode }} onStart={onStart} />
      </Suspense>
    );
  }
  const heading = (
    <Typography component="h1" variant="h4">
      {M.quoteHeading(productName)}
    </Typography>
  );
  // While the zip code is checked the heading quote.html painted stays where the form will have it, so nothing moves.
  if (area.isPending) {
    return (
      <Paper sx={{ p: 3 }}>
        <Stack spacing={3}>
          {isHeadingPainted && heading}
          <PageLoader />
        </Stack>
      </Paper>
    );
  }
  if (area.isError) {
    if (area.error instanceof ApiError && area.error.status === 404) {
      return (
        <Paper sx={{ p: 3 }}>
          <Stack spacing={3}>
            <Alert
              severity="warning"
              action={
                <Button href={leaveUrl} onClick={leave}>
                  Back
                </Button>
              }
            >
              {M.notServed}
            </Alert>
            <Suspense fallback={<PageLoader />}>
              <LeadForm serviceAddress={address} zipcode={zipcode} />
            </Suspense>
          </Stack>
        </Paper>
      );
    }
    return <LoadErrorAlert error={area.error} onRetry={() => void area.refetch()} />;
  }

  const options = lotSizes.data ?? [];
  const price = quotePrice(state, options);
  // Bag grass alone has nothing to mow: the quote says so where the areas are chosen, and goes no further.
  const areaProblem = hasAreaToMow(state.mowCut) ? undefined : M.areaToMowRequired;
  const getQuote = () => {
    if (!price) {
      setHasLotNotice(true);
      setIsLotMissing(true);
    } else if (areaProblem) return;
    else if (isResultShown) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else setIsResultShown(true);
  };

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: 3 }}>
        <Stack spacing={3}>
          {heading}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>
              {address}, {area.data.city}, {area.data.state} {zipcode}
            </Typography>
            <Button size="small" href={APP_PATHS.quote} onClick={leave}>
              {QUOTE_START_MESSAGES.changeAddress}
            </Button>
          </Stack>
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
            error={areaProblem}
          />
          <div>
            <Button variant="contained" size="large" onClick={getQuote}>
              Get Quote
            </Button>
          </div>
        </Stack>
      </Paper>
      {isResultShown && price && (
        <Suspense fallback={null}>
          <QuoteResult
            ref={attachResult}
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
                <MowAreaChoice
                  state={state}
                  onToggle={(cut) => updateSignUp(toggleMowCut(state, cut))}
                  error={areaProblem}
                />
              </>
            }
            actions={
              <Stack direction="row" spacing={2}>
                <Button variant="contained" size="large" href={APP_PATHS.signUp} disabled={areaProblem !== undefined}>
                  Proceed
                </Button>
                <Button size="large" href={leaveUrl} onClick={leave}>
                  Cancel
                </Button>
              </Stack>
            }
          />
        </Suspense>
      )}
      {hasLotNotice && (
        <Suspense fallback={null}>
          <MessageDialog
            isOpen={isLotMissing}
            title={M.sorryTitle}
            message={M.lotSizeRequired}
            onClose={() => setIsLotMissing(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
