import type { Config } from '../config';
import type { Executor } from '../db/client';
import type { PaymentGateway } from './gateway';
import { createHttpGateway } from './http-gateway';
import { createLocalGateway } from './local/local-gateway';

export type GatewayDeps = {
  config: Pick<Config, 'paymentGateway' | 'paymentGatewayUrl' | 'paymentGatewayApiKey' | 'paymentEncryptionKeyFile'>;
  db: Executor;
  clock?: () => Date;
};

/** The gateway PAYMENT_GATEWAY names: the built-in local one, or a provider over HTTP. */
export function createPaymentGateway({ config, db, clock }: GatewayDeps): PaymentGateway {
  switch (config.paymentGateway) {
    case 'local':
      return createLocalGateway({ db, keyFile: config.paymentEncryptionKeyFile, ...(clock ? { clock } : {}) });
    case 'http':
      if (!config.paymentGatewayUrl || !config.paymentGatewayApiKey) {
        throw new Error('PAYMENT_GATEWAY=http needs PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_API_KEY');
      }
      return createHttpGateway({ baseUrl: config.paymentGatewayUrl, apiKey: config.paymentGatewayApiKey });
  }
}
