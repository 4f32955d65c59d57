import { ZIP_PATTERN, zipcodeSchema, type AddressSuggestion } from '@lawn/shared';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage, readFieldErrors } from '../../lib/error-message';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAddressSuggestionsQuery, usePlaceLookups } from './places-api';
import {
  placeOf,
  withoutServiceArea,
  withServiceArea,
  withSuggestion,
  type PlaceChange,
  type ServiceAddressValue,
} from './service-address';

const TYPING_PAUSE_MS = 300;

export type ZipCheck =
  | { status: 'idle' }
  | { status: 'checking'; zipcode: string }
  | { status: 'served'; zipcode: string }
  | { status: 'invalid'; zipcode: string; message: string };

export type UseServiceAddressOptions = {
  value: ServiceAddressValue;
  onChange: (value: ServiceAddressValue) => void;
  onPlaceChange?: (place: PlaceChange) => void;
  onInvalidZipsChange?: (invalidZips: readonly string[]) => void;
};

/**
 * The service-address form's behaviour (the form itself draws it): suggestions while the address is typed, the zip
 * look-up on Enter or at the fifth digit, a chosen suggestion filling zip, city and state and placing the address,
 * and the zips whose look-up failed, which stay invalid wherever they are typed again (spec 2 §5).
 */
export function useServiceAddress({ value, onChange, onPlaceChange, onInvalidZipsChange }: UseServiceAddressOptions) {
  const lookups = usePlaceLookups();
  const [zipCheck, setZipCheck] = useState<ZipCheck>({ status: 'idle' });
  const [invalidZips, setInvalidZips] = useState<Readonly<Record<string, string>>>({});
  const invalidZipsNow = useRef(invalidZips);
  const [isZipTouched, setIsZipTouched] = useState(false);
  // Look-ups answer later: they apply to the value as it is then, not as it was when they started.
  const latest = useRef(value);
  const lastLookup = useRef(0);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const emit = useCallback(
    (next: ServiceAddressValue) => {
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );

  const typedAddress = useDebouncedValue(value.serviceAddress, TYPING_PAUSE_MS);
  const suggestions = useAddressSuggestionsQuery(
    typedAddress,
    ZIP_PATTERN.test(value.zipcode) && !(value.zipcode in invalidZips) ? value.zipcode : undefined,
    !value.isServiceAddressManual,
  );

  const markInvalid = useCallback(
    (zipcode: string, message: string) => {
      setZipCheck({ status: 'invalid', zipcode, message });
      if (!(zipcode in invalidZipsNow.current)) {
        const known = { ...invalidZipsNow.current, [zipcode]: message };
        invalidZipsNow.current = known;
        setInvalidZips(known);
        onInvalidZipsChange?.(Object.keys(known));
      }
      const next = withoutServiceArea(latest.current);
      emit(next);
      onPlaceChange?.(placeOf(next));
    },
    [emit, onInvalidZipsChange, onPlaceChange],
  );

  const lookUpZip = useCallback(
    async (zipcode: string) => {
      const known = invalidZipsNow.current[zipcode];
      if (known !== undefined) {
        markInvalid(zipcode, known);
        return;
      }
      lastLookup.current += 1;
      const lookup = lastLookup.current;
      setZipCheck({ status: 'checking', zipcode });
      try {
        const area = await lookups.serviceArea(zipcode);
        if (lookup !== lastLookup.current) return;
        setZipCheck({ status: 'served', zipcode });
        const next = withServiceArea(latest.current, area);
        emit(next);
        onPlaceChange?.(placeOf(next));
      } catch (error) {
        if (lookup !== lastLookup.current) return;
        markInvalid(zipcode, readFieldErrors(error).zipcode ?? errorMessage(error));
      }
    },
    [emit, lookups, markInvalid, onPlaceChange],
  );

  const changeZip = useCallback(
    (text: string) => {
      const zipcode = text.replace(/\D/g, '').slice(0, 5);
      if (zipcode === latest.current.zipcode) return;
      const wasServed = latest.current.marketId !== null;
      const next = wasServed ? withoutServiceArea({ ...latest.current, zipcode }) : { ...latest.current, zipcode };
      emit(next);
      if (wasServed) onPlaceChange?.(placeOf(next));
      lastLookup.current += 1;
      setZipCheck({ status: 'idle' });
      if (zipcode.length === 5) void lookUpZip(zipcode);
    },
    [emit, lookUpZip, onPlaceChange],
  );

  const zipKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return;
      // Enter looks the zip up; it must not submit a form the address form sits in.
      event.preventDefault();
      setIsZipTouched(true);
      if (ZIP_PATTERN.test(latest.current.zipcode)) void lookUpZip(latest.current.zipcode);
    },
    [lookUpZip],
  );

  const chooseSuggestion = useCallback(
    async (suggestion: AddressSuggestion) => {
      emit(withSuggestion(latest.current, suggestion));
      setIsZipTouched(true);
      const placing =
        suggestion.lat === null
          ? lookups.geocode(suggestion.serviceAddress, suggestion.zipcode).then(
              (position) => {
                const current = latest.current;
                if (current.serviceAddress !== suggestion.serviceAddress) return;
                emit({
                  ...current,
                  lat: position.lat,
                  lng: position.lng,
                  isPositionApproximate: position.isApproximate,
                });
              },
              // Not placed: the zip's centre, which the zip look-up gives, will do.
              () => undefined,
            )
          : Promise.resolve();
      await Promise.all([placing, lookUpZip(suggestion.zipcode)]);
    },
    [emit, lookUpZip, lookups],
  );

  const zipProblem = (() => {
    if (zipCheck.status === 'invalid' && zipCheck.zipcode === value.zipcode) return zipCheck.message;
    if (!isZipTouched) return undefined;
    return zipcodeSchema(Object.keys(invalidZips)).safeParse(value.zipcode).error?.issues[0]?.message;
  })();

  return {
    suggestions: suggestions.data ?? [],
    isSuggesting: suggestions.isFetching,
    isSuggestionsUnavailable: suggestions.isError,
    zipCheck,
    zipProblem,
    isCheckingZip: zipCheck.status === 'checking' && zipCheck.zipcode === value.zipcode,
    changeAddress: (serviceAddress: string) => emit({ ...latest.current, serviceAddress }),
    changeManual: (isServiceAddressManual: boolean) => emit({ ...latest.current, isServiceAddressManual }),
    changeCity: (city: string) => emit({ ...latest.current, city }),
    changeState: (state: string) => emit({ ...latest.current, state: state.toUpperCase().slice(0, 2) }),
    changeZip,
    zipKeyDown,
    touchZip: () => setIsZipTouched(true),
    chooseSuggestion,
  };
}
