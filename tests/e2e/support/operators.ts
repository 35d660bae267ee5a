// Operator accounts on a running server with sign-in on, made the way an admin makes them: the bootstrap
// admin (ADMIN_PASSWORD) signs in and POSTs /auth/users.
import type { Role } from '../../../src/api/roles.ts';
import { signIn } from '../../helpers/auth.ts';
import { call } from '../../helpers/server.ts';

export const ADMIN_PASSWORD = 'admin password for the browser walk';

export interface Operator {
  username: string;
  password: string;
  role: Role;
}

export async function createOperators(baseUrl: string, operators: readonly Operator[]): Promise<void> {
  const cookie = await signIn(baseUrl, 'admin', ADMIN_PASSWORD);
  for (const operator of operators) {
    const answer = await call(baseUrl, 'POST', '/auth/users', operator, { cookie });
    if (answer.status !== 201) throw new Error(`creating ${operator.username} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}
