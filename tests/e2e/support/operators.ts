// Operator accounts on a running server with sign-in on, made the way an admin makes them (the bootstrap
// admin, ADMIN_PASSWORD, signs in and POSTs /auth/users), and signed in as a person does, on the page.
import type { Page } from 'playwright-core';
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
    if (answer.status !== 201)
      throw new Error(`creating ${operator.username} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/** Signs in through the dashboard's sign-in page; resolves once the top bar names the user and role. */
export async function signInOnPage(page: Page, operator: Operator): Promise<void> {
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page
    .getByRole('banner')
    .getByText(`${operator.username} · ${operator.role}`, { exact: true })
    .waitFor({ timeout: 15_000 });
}
