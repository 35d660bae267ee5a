// Operator sign-in (issue 10): the bodies and answers of /auth/*.
import { z } from 'zod';
import { Role } from './roles.ts';

export const Username = z
  .string({ error: 'username must be a text' })
  .trim()
  .min(1, 'username must not be empty')
  .max(64, 'username must be at most 64 characters')
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'username may hold letters, digits and . _ @ - only');

export const Password = z
  .string({ error: 'password must be a text' })
  .min(1, 'password must not be empty')
  .max(1024, 'password must be at most 1024 characters');

export const LoginBody = z.object({ username: Username, password: Password });
export type LoginBody = z.infer<typeof LoginBody>;

export const NEW_PASSWORD_MIN = 12;

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

/** Present (true) only while the account signed in with a temporary password and must choose its own (issue 31). */
const mustChangePassword = z.literal(true).optional();

export const MeResponse = z.object({
  ok: z.literal(true),
  user: SignedInUser,
  signInRequired: z.boolean(),
  mustChangePassword,
});
export type MeResponse = z.infer<typeof MeResponse>;

export const LoginResponse = z.object({ ok: z.literal(true), user: SignedInUser, mustChangePassword });
/** Sign-out answers nothing but success, whether a session was open or not. */
export const LogoutResponse = z.object({ ok: z.literal(true) });
