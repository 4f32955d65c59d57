import { describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-app';
import { addFieldError, type FieldErrors } from './errors';

describe('addFieldError', () => {
  it('collects messages per field', () => {
    const errors: FieldErrors = {};
    addFieldError(errors, 'email', 'Required');
    addFieldError(errors, 'email', 'Invalid');
    addFieldError(errors, 'name', 'Too long');
    expect(errors).toEqual({ email: ['Required', 'Invalid'], name: ['Too long'] });
  });

  it("keeps client-chosen names like Object's own members as plain fields", () => {
    const errors: FieldErrors = {};
    for (const field of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) addFieldError(errors, field, 'Bad');
    addFieldError(errors, 'constructor', 'Again');
    expect(Object.keys(errors)).toEqual(['constructor', 'toString', 'hasOwnProperty', '__proto__']);
    expect(errors['constructor']).toEqual(['Bad', 'Again']);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(JSON.stringify(errors)).toBe(
      '{"constructor":["Bad","Again"],"toString":["Bad"],"hasOwnProperty":["Bad"],"__proto__":["Bad"]}',
    );
  });
});

describe('field names that are Object members, sent by a client', () => {
  const t = useTestContext();

  it('answers an unknown body field named constructor with a 400 naming it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: 'x', constructor: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ constructor: ['Unknown field: constructor'] });
  });

  it('answers list query keys named like Object members with a 400 naming them', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const response = await t.app.inject({
      url: '/api/users?toString=1&toString=2&constructor=1',
      headers: await t.authHeaders(admin),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['constructor', 'toString']);
  });
});
