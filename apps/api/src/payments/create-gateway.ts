import { readFileSync } from 'node:fs';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import type { PaymentGateway } from './gateway';
import { createHttpGateway } from './http-gateway';
import { createLocalGateway } from './local/local-gateway';
import { createPayTraceGateway } from './paytrace/paytrace-gateway';

export type GatewayDeps = {
  config: Pick<
    Config,
    | 'paymentGateway'
    | 'paymentGatewayUrl'
    | 'paymentGatewayApiKey'
    | 'paymentEncryptionKeyFile'
    | 'paytraceApiUrl'
    | 'paytraceUsername'
    | 'paytracePassword'
    | 'paytraceIntegratorId'
    | 'paytracePublicKeyFile'
  >;
  db: Executor;
  clock?: () => Date;
};

/** The gateway PAYMENT_GATEWAY names: the built-in local one, a provider over HTTP, or PayTrace. */
export function createPaymentGateway({ config, db, clock }: GatewayDeps): PaymentGateway {
  switch (config.paymentGateway) {
    case 'local':
      return createLocalGateway({ db, keyFile: config.paymentEncryptionKeyFile, ...(clock ? { clock } : {}) });
    case 'http':
      if (!config.paymentGatewayUrl || !config.paymentGatewayApiKey) {
        throw new Error('PAYMENT_GATEWAY=http needs PAYMENT_GATEWAY_URL and PAYMENT_GATEWAY_API_KEY');
      }
      return createHttpGateway({ baseUrl: config.paymentGatewayUrl, apiKey: config.paymentGatewayApiKey });
    case 'paytrace': {
      const { paytraceUsername, paytracePassword, paytraceIntegratorId, paytracePublicKeyFile } = config;
      if (!paytraceUsername || !paytracePassword || !paytraceIntegratorId || !paytracePublicKeyFile) {
        throw new Error(
          'PAYMENT_GATEWAY=paytrace needs PAYTRACE_USERNAME, PAYTRACE_PASSWORD, PAYTRACE_INTEGRATOR_ID and PAYTRACE_PUBLIC_KEY_FILE',
        );
      }
      return createPayTraceGateway({
        baseUrl: config.paytraceApiUrl,
        username: paytraceUsername,
        password: paytracePassword,
        integratorId: paytraceIntegratorId,
        publicKeyPem: readFileSync(paytracePublicKeyFile, 'utf8'),
        ...(clock ? { clock } : {}),
      });
    }
  }
}
