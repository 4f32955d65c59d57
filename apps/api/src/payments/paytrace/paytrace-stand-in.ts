import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLuhnValid } from '@lawn/shared';
import forge from 'node-forge';

/**
 * A stand-in for PayTrace's JSON API, for tests only: it speaks the documented requests and answers (OAuth password
 * grant, customer profiles created from an encrypted card number, sales by customer id, refunds, the transaction
 * export, profile deletion) closely enough that the adapter's every field is checked, and it can be told to be slow,
 * to expire its tokens, or to lose a sale's answer after making the sale.
 *
 * Issuer answers follow the product's test numbers: 4000 0000 0000 0002 is declined, ...9995 has insufficient funds,
 * ...0069 is expired.
 */
export type StandInRequest = { path: string; authorization: string | undefined; body: Record<string, unknown> };

type Transaction = {
  transaction_id: number;
  transaction_type: 'SALE' | 'REFUND';
  customer_id?: string;
  invoice_id?: string;
  amount: number;
  approval_code: string;
  approval_message: string;
};

const DECLINES: Record<string, string> = {
  '4000000000000002': '  DECLINE - Do not honor',
  '4000000000009995': '  NSF - Insufficient funds',
  '4000000000000069': '  EXPIRED CARD - Expired card',
};

export const STAND_IN_LOGIN = { username: 'lawn-api-user', password: 'a-password-for-tests', integratorId: '9999LAWN' };

export async function startPayTraceStandIn() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const requests: StandInRequest[] = [];
  const tokens = new Map<string, number>();
  const customers = new Map<string, { number: string; name: unknown }>();
  const transactions: Transaction[] = [];
  let nextTransaction = 1000;
  const control = { delayMs: 0, tokenSeconds: 7200, loseNextSaleAnswer: false };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const failure = (errors: Record<string, string[]>) => ({
    success: false,
    response_code: 1,
    status_message: 'One or more errors has occurred.',
    errors,
  });

  // PayTrace decrypts RSAES-PKCS1-v1_5, which Node's own crypto no longer decrypts (the Marvin timing attack); a
  // stand-in for tests may, with node-forge.
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  function decrypt(ciphertext: unknown): string | null {
    if (typeof ciphertext !== 'string') return null;
    try {
      return forge.util.decodeUtf8(forgeKey.decrypt(forge.util.decode64(ciphertext), 'RSAES-PKCS1-V1_5'));
    } catch {
      return null;
    }
  }

  function createCustomer(body: Record<string, unknown>) {
    const card = (body.credit_card ?? {}) as Record<string, unknown>;
    const number = decrypt(card.encrypted_number);
    const errors: Record<string, string[]> = {};
    if (typeof body.customer_id !== 'string' || customers.has(body.customer_id)) {
      errors['41'] = ['Please provide a unique customer id.'];
    }
    if (!number || !isLuhnValid(number)) errors['35'] = ['Please provide a valid Credit Card Number.'];
    if (typeof card.expiration_month !== 'number' || card.expiration_month < 1 || card.expiration_month > 12) {
      errors['43'] = ['Please provide a valid Expiration Month.'];
    }
    if (typeof card.expiration_year !== 'number') errors['44'] = ['Please provide a valid Expiration Year.'];
    if (Object.keys(errors).length > 0 || !number) return { status: 400, body: failure(errors) };
    const customerId = body.customer_id as string;
    customers.set(customerId, { number, name: (body.billing_address as Record<string, unknown> | undefined)?.name });
    return {
      status: 200,
      body: {
        success: true,
        response_code: 160,
        status_message: `The customer profile for ${customerId} was successfully created.`,
        customer_id: customerId,
        masked_card_number: `xxxxxxxxxxxx${number.slice(-4)}`,
      },
    };
  }

  function sale(body: Record<string, unknown>) {
    const customer = typeof body.customer_id === 'string' ? customers.get(body.customer_id) : undefined;
    if (!customer) return { status: 400, body: failure({ '58': ['Please provide a valid Customer ID.'] }) };
    if (typeof body.amount !== 'number' || body.amount <= 0) {
      return { status: 400, body: failure({ '30': ['Please provide a valid Transaction Amount.'] }) };
    }
    const decline = DECLINES[customer.number];
    const transaction: Transaction = {
      transaction_id: nextTransaction++,
      transaction_type: 'SALE',
      customer_id: body.customer_id as string,
      ...(typeof body.invoice_id === 'string' ? { invoice_id: body.invoice_id } : {}),
      amount: body.amount,
      approval_code: decline ? '' : `TAS${transactions.length}`,
      approval_message: decline ?? '  NO  MATCH - Approved and completed',
    };
    transactions.push(transaction);
    return {
      status: decline ? 400 : 200,
      body: {
        success: !decline,
        response_code: decline ? 102 : 101,
        status_message: decline ? 'Your transaction was not approved.' : 'Your transaction was successfully approved.',
        transaction_id: transaction.transaction_id,
        approval_code: transaction.approval_code,
        approval_message: transaction.approval_message,
        avs_response: 'No Match',
        csc_response: '',
        external_transaction_id: '',
        masked_card_number: `xxxxxxxxxxxx${customer.number.slice(-4)}`,
      },
    };
  }

  function refund(body: Record<string, unknown>) {
    const original = transactions.find(
      (transaction) => transaction.transaction_id === body.transaction_id && transaction.transaction_type === 'SALE',
    );
    if (!original || !original.approval_code) {
      return { status: 400, body: failure({ '817': ['The Transaction ID that you provided could not be refunded.'] }) };
    }
    const transaction: Transaction = {
      transaction_id: nextTransaction++,
      transaction_type: 'REFUND',
      ...(typeof body.invoice_id === 'string' ? { invoice_id: body.invoice_id } : {}),
      amount: typeof body.amount === 'number' ? body.amount : original.amount,
      approval_code: '',
      approval_message: '',
    };
    transactions.push(transaction);
    return {
      status: 200,
      body: {
        success: true,
        response_code: 106,
        status_message: 'Your transaction was successfully refunded.',
        transaction_id: transaction.transaction_id,
      },
    };
  }

  function exportByDateRange(body: Record<string, unknown>) {
    if (typeof body.start_date !== 'string' || typeof body.end_date !== 'string') {
      return { status: 400, body: failure({ '47': ['Please provide a valid Start Date.'] }) };
    }
    const found = transactions.filter(
      (transaction) => !body.customer_id || transaction.customer_id === body.customer_id,
    );
    if (found.length === 0) {
      return { status: 400, body: failure({ '815': ['No transactions were found with these criteria.'] }) };
    }
    return {
      status: 200,
      body: {
        success: true,
        response_code: 180,
        status_message: `${found.length} transactions found.`,
        transactions: found,
      },
    };
  }

  function deleteCustomer(body: Record<string, unknown>) {
    if (typeof body.customer_id !== 'string' || !customers.delete(body.customer_id)) {
      return { status: 400, body: failure({ '58': ['Please provide a valid Customer ID.'] }) };
    }
    return {
      status: 200,
      body: { success: true, response_code: 162, status_message: 'The customer profile was deleted.' },
    };
  }

  const routes: Record<string, (body: Record<string, unknown>) => { status: number; body: unknown }> = {
    '/v1/customer/create': createCustomer,
    '/v1/transactions/sale/by_customer': sale,
    '/v1/transactions/refund/for_transaction': refund,
    '/v1/transactions/export/by_date_range': exportByDateRange,
    '/v1/customer/delete': deleteCustomer,
  };

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const text = await readBody(request);
    if (control.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
    const path = request.url ?? '';
    if (path === '/oauth/token') {
      const form = Object.fromEntries(new URLSearchParams(text));
      requests.push({ path, authorization: request.headers.authorization, body: form });
      if (
        form.grant_type !== 'password' ||
        form.username !== STAND_IN_LOGIN.username ||
        form.password !== STAND_IN_LOGIN.password
      ) {
        return send(response, 400, {
          error: 'invalid_grant',
          error_description: 'The provided credentials are invalid.',
        });
      }
      const token = randomBytes(16).toString('hex');
      tokens.set(token, Date.now() + control.tokenSeconds * 1000);
      return send(response, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: control.tokenSeconds,
        created_at: Math.floor(Date.now() / 1000),
      });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return send(response, 400, failure({ '1': ['The request body is not JSON.'] }));
    }
    requests.push({ path, authorization: request.headers.authorization, body });
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined || expiresAt < Date.now()) {
      return send(response, 401, { error: 'invalid_token', error_description: 'The access token is invalid' });
    }
    const route = routes[path];
    if (!route) return send(response, 404, { message: 'No route' });
    if (body.integrator_id !== STAND_IN_LOGIN.integratorId) {
      return send(response, 400, failure({ '1': ['Please provide a valid Integrator ID.'] }));
    }
    const answer = route(body);
    if (path === '/v1/transactions/sale/by_customer' && control.loseNextSaleAnswer) {
      control.loseNextSaleAnswer = false;
      response.destroy();
      return;
    }
    return send(response, answer.status, answer.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { message: 'stand-in failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    requests,
    transactions,
    control,
    /** Every token issued so far stops working, as when PayTrace revokes them early. */
    expireTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PayTraceStandIn = Awaited<ReturnType<typeof startPayTraceStandIn>>;
