import type { SignUpSettings } from '@lawn/shared';
import type { Config } from '../../config';

type Deps = { config: Pick<Config, 'quoteVideoUrl' | 'marketingSiteUrl'> };

/** The public sign-up: what the quote page is configured with. */
export function createSignUpService({ config }: Deps) {
  return {
    settings: (): SignUpSettings => ({
      videoUrl: config.quoteVideoUrl ?? null,
      marketingUrl: config.marketingSiteUrl ?? null,
    }),
  };
}

export type SignUpService = ReturnType<typeof createSignUpService>;
