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

/** Text typed in the address box while Manual is off, and the address it was typed over. */
type AddressSearch = { text: string; over: string };

/**
 * The service-address form's behaviour (the form itself draws it): suggestions while the address is typed, the zip
 * look-up on Enter or at the fifth digit, a chosen suggestion filling zip, city and state and placing the address,
 * and the zips whose look-up failed, which stay invalid wherever they are typed again.
 *
 * With Manual off, what is typed is a search, not the address: the value's address changes only when a suggestion is
 * chosen, so a half-typed address never reaches a save (nor, once saved, the suggestions). Ticking Manual keeps the
 * typed text as the address; with Manual on every keystroke is the address.
 */
export function useServiceAddress({ value, onChange, onPlaceChange, onInvalidZipsChange }: UseServiceAddressOptions) {
  const lookups = usePlaceLookups();
  const [search, setSearch] = useState<AddressSearch | null>(null);
  // A search typed over another address is over once the address changes (a chosen suggestion, a newer record).
  const searchText = search !== null && search.over === value.serviceAddress ? search.text : null;
  const addressText = value.isServiceAddressManual ? value.serviceAddress : (searchText ?? value.serviceAddress);
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

  const typedAddress = useDebouncedValue(addressText, TYPING_PAUSE_MS);
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
      // The position found for the old zip no longer holds: the new zip's look-up gives its centre.
      const moved = { ...latest.current, zipcode, lat: null, lng: null, isPositionApproximate: false };
      const next = wasServed ? withoutServiceArea(moved) : moved;
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
      setSearch(null);
      const chosen = withSuggestion(latest.current, suggestion);
      // In another zip the market is unknown until that zip's look-up answers: nothing is priced or saved with the old.
      emit(suggestion.zipcode === latest.current.zipcode ? chosen : withoutServiceArea(chosen));
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
    /** The text in the address box: the address itself with Manual on, else the search typed (if any). */
    addressText,
    /** Text is typed that no suggestion was chosen for: it is not the address until one is, or Manual is ticked. */
    isAddressUnchosen: !value.isServiceAddressManual && searchText !== null && searchText !== value.serviceAddress,
    changeAddress: (text: string) => {
      if (latest.current.isServiceAddressManual) emit({ ...latest.current, serviceAddress: text });
      else setSearch({ text, over: latest.current.serviceAddress });
    },
    /** Ticking Manual keeps the typed text as the address, as it is. */
    changeManual: (isServiceAddressManual: boolean) => {
      const typed = isServiceAddressManual && searchText !== null ? { serviceAddress: searchText } : {};
      setSearch(null);
      emit({ ...latest.current, ...typed, isServiceAddressManual });
    },
    changeCity: (city: string) => emit({ ...latest.current, city }),
    changeState: (state: string) => emit({ ...latest.current, state: state.toUpperCase().slice(0, 2) }),
    changeZip,
    zipKeyDown,
    touchZip: () => setIsZipTouched(true),
    chooseSuggestion,
  };
}
