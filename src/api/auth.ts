// Operator sign-in (issue 10): the bodies and answers of /auth/*.
import { z } from 'zod';
import { Role } from './roles.ts';

const username = z
  .string({ error: 'username must be a text' })
  .trim()
  .min(1, 'username must not be empty')
  .max(64, 'username must be at most 64 characters')
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'username may hold letters, digits and . _ @ - only');

const password = z.string({ error: 'password must be a text' }).min(1, 'password must not be empty').max(1024, 'password must be at most 1024 characters');

export const LoginBody = z.object({ username, password });
export type LoginBody = z.infer<typeof LoginBody>;

export const NEW_PASSWORD_MIN = 12;

export const CreateUserBody = z.object({
  username,
  password: password.refine((value) => value.length >= NEW_PASSWORD_MIN, `password must be at least ${NEW_PASSWORD_MIN} characters`),
  role: Role,
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const SignedInUser = z.object({ username: z.string(), role: Role });
export type SignedInUser = z.infer<typeof SignedInUser>;

/** `signInRequired: false` means sign-in is off: the dashboard acts as `anonymous` with every power. */
export const AuthSettingsResponse = z.object({
  ok: z.literal(true),
  signInRequired: z.boolean(),
  /** The label of the single sign-on button, when OpenID Connect is configured. */
  sso: z.object({ label: z.string(), startUrl: z.string() }).nullable(),
});
export type AuthSettingsResponse = z.infer<typeof AuthSettingsResponse>;

export const MeResponse = z.object({ ok: z.literal(true), user: SignedInUser, signInRequired: z.boolean() });
export type MeResponse = z.infer<typeof MeResponse>;

export const LoginResponse = z.object({ ok: z.literal(true), user: SignedInUser });
/** Sign-out answers nothing but success, whether a session was open or not. */
export const LogoutResponse = z.object({ ok: z.literal(true) });

export const UsersResponse = z.object({
  ok: z.literal(true),
  users: z.array(z.object({ username: z.string(), role: Role, createdAt: z.string(), source: z.enum(['password', 'oidc']) })),
});

export const CreateUserResponse = z.object({ ok: z.literal(true), user: SignedInUser });
