import type { Role } from '../../src/api/roles.ts';
import { call } from './server.ts';
import type { TestServer } from './server.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { createOperator } from '../../server/stores/operators.ts';

/** Signs in over HTTP and returns the `cookie` header value to send with the operator's requests. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/auth/login', { username, password });
  if (answer.status !== 200)
    throw new Error(`sign-in of ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.headers.get('set-cookie')!.split(';')[0];
}

/** Creates an account straight in the store (fixtures; the HTTP route has its own tests) and signs it in. */
export async function signedInAs(server: TestServer, role: Role, username: string = `${role}-user`): Promise<string> {
  const password = `${username} long password`;
  await createOperator(server.ctx.db, {
    username,
    role,
    passwordHash: await hashPassword(password),
    source: 'password',
  });
  return signIn(server.url, username, password);
}
