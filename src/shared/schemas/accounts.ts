import { z } from 'zod';
import { copy } from '../copy';
import { emailSchema, idSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';

const v = copy.validation;

export const roleValues = ['customer', 'admin'] as const;
export const roleSchema = z.enum(roleValues);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;

/** Not trimmed: spaces are part of a password. */
export const passwordSchema = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: v.passwordShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, v.passwordLong);

const nameSchema = requiredText(v.nameRequired, NAME_MAX_LENGTH);

// The auth bodies are loose: other members (callbackURL, rememberMe…) go on to the auth library,
// which refuses the ones nobody may set, such as `role`.
export const signUpInputSchema = z.looseObject({ name: nameSchema, email: emailSchema, password: passwordSchema });
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const signInInputSchema = z.looseObject({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInInputSchema>;

export const passwordResetRequestSchema = z.looseObject({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetInputSchema = z.looseObject({
  token: z.string({ error: copy.auth.resetLinkInvalid }).min(1, copy.auth.resetLinkInvalid).max(200),
  newPassword: passwordSchema,
});
export type PasswordResetInput = z.infer<typeof passwordResetInputSchema>;

export const passwordChangeInputSchema = z.looseObject({
  currentPassword: z.string({ error: v.passwordRequired }).min(1, v.passwordRequired).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInputSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: roleSchema,
  createdAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

export const meSchema = z.object({ user: userSchema, isAdmin: z.boolean() });
export type Me = z.infer<typeof meSchema>;

/** The profile form: display name and photo. Strict, so nobody sneaks `role` or `email` through it. */
export const profileUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  image: z.string().trim().max(500).nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const userListItemSchema = userSchema.pick({
  id: true,
  name: true,
  email: true,
  image: true,
  role: true,
  createdAt: true,
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListSchema = pageOf(userListItemSchema);
export type UserList = z.infer<typeof userListSchema>;

export const listUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: pageSchema,
  limit: limitSchema(100, 20),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userIdParamsSchema = z.object({ id: idSchema });
export const roleUpdateSchema = z.strictObject({ role: roleSchema });
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

export const uploadedImageSchema = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** At most this many bytes per uploaded picture (PRODUCT.md section 7). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
