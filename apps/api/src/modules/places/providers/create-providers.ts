import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { Logger } from '../../../logger';
import { createLocalPlacesProviders } from './local-providers';
import type { PlacesProviders } from './places-providers';
import { httpPropertyData, nominatimGeocoder, photonAutocomplete, type RemoteOptions } from './remote-providers';

export type ProvidersConfig = Pick<
  Config,
  'placesAutocompleteUrl' | 'geocoderUrl' | 'propertyDataUrl' | 'providerTimeoutMs'
>;

type Call<Input, Output> = (input: Input) => Promise<Output>;

/**
 * The remote answer, unless the remote service fails, is slower than its time limit or has nothing: then the local
 * answer. A remote service never blocks a form; the failure is logged for whoever runs the service.
 */
function preferRemote<Input, Output>(
  name: string,
  remote: Call<Input, Output>,
  local: Call<Input, Output>,
  log: Logger,
): Call<Input, Output> {
  return async (input) => {
    try {
      const answer = await remote(input);
      if (answer !== null && !(Array.isArray(answer) && answer.length === 0)) return answer;
    } catch (error) {
      log.warn({ err: error }, `${name} failed; answering from local data`);
    }
    return local(input);
  };
}

/**
 * The places providers the configuration asks for: each remote service whose URL is set (with the local answer as
 * its fallback), the offline default for the others.
 */
export function createPlacesProviders(deps: {
  config: ProvidersConfig;
  db: Database;
  log: Logger;
  fetch?: typeof fetch;
}): PlacesProviders {
  const { config, log } = deps;
  const local = createLocalPlacesProviders(deps.db);
  const remote = (url: string): RemoteOptions => ({ url, timeoutMs: config.providerTimeoutMs, fetch: deps.fetch });
  const { placesAutocompleteUrl, geocoderUrl, propertyDataUrl } = config;
  return {
    autocomplete: placesAutocompleteUrl
      ? {
          suggest: preferRemote(
            'address suggestions',
            photonAutocomplete(remote(placesAutocompleteUrl)).suggest,
            local.autocomplete.suggest,
            log,
          ),
        }
      : local.autocomplete,
    geocoder: geocoderUrl
      ? {
          geocode: preferRemote(
            'geocoding',
            nominatimGeocoder(remote(geocoderUrl)).geocode,
            local.geocoder.geocode,
            log,
          ),
        }
      : local.geocoder,
    propertyData: propertyDataUrl
      ? {
          lookup: preferRemote(
            'property data',
            httpPropertyData(remote(propertyDataUrl)).lookup,
            local.propertyData.lookup,
            log,
          ),
        }
      : local.propertyData,
  };
}
